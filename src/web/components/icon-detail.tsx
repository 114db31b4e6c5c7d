import type { ReactNode } from 'react';
import { Mail, MessageCircle, Phone } from 'lucide-react';
import { messages } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import { telHref } from '@shared/rules/phone-link';

/** One line of a card's <dl>: an icon standing for its label (read out to screen readers), then the value. */
export function IconDetail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <dt className="shrink-0 text-muted-foreground [&_svg]:size-4">
        <span aria-hidden="true">{icon}</span>
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** A guest's phone and email on a staff card, each a link that calls or writes, and a WhatsApp chat when given. */
export function ContactDetails({ phone, email, whatsappUrl }: { phone: string | null; email: string | null; whatsappUrl?: string | null | undefined }) {
  const text = staffMessages.admin.manualReservation;
  return (
    <>
      {phone && (
        <IconDetail icon={<Phone />} label={text.phone}>
          <a className="whitespace-nowrap text-brand underline-offset-4 hover:underline" href={telHref(phone)}>
            {phone}
          </a>
        </IconDetail>
      )}
      {whatsappUrl && (
        <IconDetail icon={<MessageCircle />} label={text.whatsapp}>
          <a className="text-brand underline-offset-4 hover:underline" href={whatsappUrl} target="_blank" rel="noopener noreferrer">
            {text.whatsappLink}
          </a>
        </IconDetail>
      )}
      {email && (
        <IconDetail icon={<Mail />} label={messages.reservation.form.email}>
          <a className="break-all text-brand underline-offset-4 hover:underline" href={`mailto:${email}`}>
            {email}
          </a>
        </IconDetail>
      )}
    </>
  );
}

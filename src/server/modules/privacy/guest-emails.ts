// The emails of the guest's own data requests (issue 24), in the layout of every guest email.
import { formatMessage } from '@shared/messages.ts';
import { DATA_ERASURE_PATH } from '@shared/routes.ts';
import { madridNowTime, madridToday } from '@shared/rules/madrid-time.ts';
import { formatLongDate } from '@shared/rules/templates.ts';
import { staffEmailMessages } from '@shared/staff-messages/emails.ts';
import type { erasureRequests, restaurantConfig } from '../../db/schema.ts';
import { newLinkPlaceholder, type NewEmail } from '../../platform/outbox.ts';
import { renderEmail } from '../notifications/service.ts';

type Config = typeof restaurantConfig.$inferSelect;
interface Addressee {
  customerName: string;
  customerEmail: string;
}
const m = staffEmailMessages.guestData;

const attachment = (format: 'json' | 'html', contentType: string, content: string) => ({
  filename: formatMessage(m.exportFileName, { format }),
  contentType,
  contentBase64: Buffer.from(content, 'utf8').toString('base64'),
});

/** 'Tus datos personales': the export as a JSON file and the readable summary, attached. */
export function exportEmail(config: Config, guest: Addressee, json: string, html: string): Omit<NewEmail, 'kind'> {
  const files = { json: formatMessage(m.exportFileName, { format: 'json' }), html: formatMessage(m.exportFileName, { format: 'html' }) };
  const intro = formatMessage(m.exportIntro, { name: guest.customerName, restaurant: config.name, ...files });
  return {
    to: guest.customerEmail,
    subject: formatMessage(m.exportSubject, { restaurant: config.name }),
    ...renderEmail(config, { heading: m.exportHeading, audience: 'guest', blocks: [{ kind: 'text', text: `${intro}\n\n${m.notYou}` }] }),
    attachments: [attachment('json', 'application/json', json), attachment('html', 'text/html', html)],
  };
}

/** 'Confirma el borrado de tus datos': the single-use link, its token minted at delivery (decision 012). */
export function erasureConfirmationEmail(
  config: Config,
  guest: Addressee,
  request: typeof erasureRequests.$inferSelect,
  publicUrl: URL,
): NewEmail {
  const placeholder = newLinkPlaceholder();
  const intro = formatMessage(m.erasureIntro, {
    name: guest.customerName,
    date: formatLongDate(madridToday(request.expiresAt)),
    time: madridNowTime(request.expiresAt),
  });
  const blocks = [
    { kind: 'text' as const, text: intro },
    { kind: 'link' as const, intro: m.erasureLinkIntro, label: m.erasureLinkLabel, url: new URL(`${DATA_ERASURE_PATH}${placeholder}`, publicUrl).toString() },
    { kind: 'text' as const, text: m.erasureIgnore },
  ];
  return {
    kind: 'data_erasure',
    to: guest.customerEmail,
    subject: formatMessage(m.erasureSubject, { restaurant: config.name }),
    ...renderEmail(config, { heading: m.erasureHeading, audience: 'guest', blocks }),
    link: { kind: 'data_erasure', requestId: request.id, placeholder },
  };
}

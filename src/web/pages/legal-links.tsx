import { messages } from '@shared/messages';
import { cn } from '@web/lib/cn';

const footer = messages.landing.footer;
const LEGAL_LINKS = [
  { href: '/aviso-legal.pdf', label: footer.legalNotice },
  { href: '/politica-privacidad.pdf', label: footer.privacyPolicy },
  { href: '/politica-cookies.pdf', label: footer.cookiePolicy },
] as const;

/** The three legal documents (the generated PDFs), each in a new tab: the landing page's footer and the widget's. */
export function LegalLinks({ className, linkClassName }: { className?: string; linkClassName?: string }) {
  return (
    <nav aria-label={messages.landing.legalNavLabel}>
      <ul className={cn('flex flex-wrap justify-center gap-x-4', className)}>
        {LEGAL_LINKS.map((link) => (
          <li key={link.href}>
            <a href={link.href} target="_blank" rel="noopener noreferrer" className={cn('underline hover:text-foreground', linkClassName)}>
              {link.label}
              <span className="sr-only"> {messages.common.opensInNewTab}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

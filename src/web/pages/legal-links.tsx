import { cn } from '@web/lib/cn';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';

const LEGAL_LINKS = [
  { href: '/aviso-legal.pdf', label: 'legalNotice' },
  { href: '/politica-privacidad.pdf', label: 'privacyPolicy' },
  { href: '/politica-cookies.pdf', label: 'cookiePolicy' },
] as const;

/** The three legal documents (the generated PDFs), each in a new tab: the landing page's footer and the widget's. */
export function LegalLinks({ className, linkClassName }: { className?: string; linkClassName?: string }) {
  const { landing, common } = useGuestLanguage().texts;
  return (
    <nav aria-label={landing.legalNavLabel}>
      <ul className={cn('flex flex-wrap justify-center gap-x-4', className)}>
        {LEGAL_LINKS.map((link) => (
          <li key={link.href}>
            <a href={link.href} target="_blank" rel="noopener noreferrer" className={cn('underline hover:text-foreground', linkClassName)}>
              {landing.footer[link.label]}
              <span className="sr-only"> {common.opensInNewTab}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

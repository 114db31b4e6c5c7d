import { usePublicSettings } from '@web/features/settings/api/get-public-settings';
import { BookingSection } from '@web/features/booking/booking-section';
import { brandStyle } from '@web/lib/brand';

const FALLBACK_NAME = 'Mi Restaurante';
const FALLBACK_WELCOME = 'Bienvenido a nuestro restaurante';

const LEGAL_LINKS = [
  { href: '/aviso-legal.pdf', label: 'Aviso legal' },
  { href: '/politica-privacidad.pdf', label: 'Política de privacidad' },
  { href: '/politica-cookies.pdf', label: 'Política de cookies' },
] as const;

export function LandingPage() {
  const { data: settings, isPending } = usePublicSettings();
  // While loading nothing is shown rather than a fallback that would flash to the real name.
  const name = settings?.name.trim() || (isPending ? '' : FALLBACK_NAME);
  const welcome = settings?.welcomeMessage.trim() || (isPending ? '' : FALLBACK_WELCOME);
  const phones = [settings?.contactPhone1, settings?.contactPhone2].filter((phone): phone is string =>
    Boolean(phone?.trim()),
  );

  return (
    <div style={brandStyle(settings?.brandColor)} className="flex min-h-dvh flex-col">
      {name && <title>{name}</title>}
      <header className="bg-brand text-brand-foreground">
        <div className="mx-auto flex min-h-16 max-w-3xl items-center gap-3 px-4 py-3">
          {settings?.logoUrl && (
            <img src={settings.logoUrl} alt="" className="size-10 shrink-0 rounded-full bg-card object-contain" />
          )}
          <p className="text-xl font-semibold">{name}</p>
        </div>
      </header>

      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-8">
        <div className="space-y-2 text-center">
          <h1 className="text-3xl font-bold tracking-tight">¡Bienvenido!</h1>
          {welcome && <p className="text-lg text-muted-foreground">{welcome}</p>}
        </div>

        <BookingSection isLoading={isPending} />

        {phones.length > 0 && (
          <aside aria-label="Contacto" className="rounded-lg bg-muted p-4 text-center text-sm">
            <p>
              Para consultas especiales o eventos, llámanos al{' '}
              {phones.map((phone, index) => (
                <span key={phone}>
                  {index > 0 && ' o al '}
                  <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="font-medium text-brand underline">
                    {phone}
                  </a>
                </span>
              ))}
              .
            </p>
          </aside>
        )}
      </main>

      <footer className="border-t bg-card">
        <div className="mx-auto flex max-w-3xl flex-col gap-3 px-4 py-6 text-center text-sm text-muted-foreground">
          <nav aria-label="Información legal">
            <ul className="flex flex-wrap justify-center gap-x-4 gap-y-2">
              {LEGAL_LINKS.map((link) => (
                <li key={link.href}>
                  <a href={link.href} target="_blank" rel="noopener noreferrer" className="underline hover:text-foreground">
                    {link.label}
                    <span className="sr-only"> (se abre en una pestaña nueva)</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <p>Martes a Domingo: 13:00 - 18:00</p>
          <p>Lunes cerrado por descanso del personal</p>
          <p>Todas las reservas requieren confirmación del restaurante</p>
        </div>
      </footer>
    </div>
  );
}

import { telHref } from '@shared/rules/phone-link';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { usePublicSettings } from '@web/features/public-settings/public-settings';
import { useGuestTexts } from '@web/lib/i18n/use-guest-texts';

/**
 * Issue 50: in place of the time and the submit when the party is larger than any the restaurant takes online
 * (shared/rules/party-limit.ts), as 'Horario no disponible' replaces the form: the restaurant's phones to call.
 * The party select stays above it, so a smaller party brings the time back.
 */
export function LargePartyCard({ largest }: { largest: number }) {
  const { texts, format } = useGuestTexts();
  const text = texts.reservation.largeParty;
  const { data: settings } = usePublicSettings();
  const phones = [settings?.contactPhone1, settings?.contactPhone2]
    .map((phone) => phone?.trim())
    .filter((phone): phone is string => Boolean(phone));

  return (
    <Card
      role="region"
      aria-labelledby="large-party-title"
      aria-describedby="large-party-description"
      className="border-yellow-300 bg-yellow-50 shadow-none sm:col-span-2"
    >
      <CardHeader>
        <CardTitle id="large-party-title">{format(text.title, { max: largest })}</CardTitle>
        <CardDescription id="large-party-description" className="text-yellow-950">
          {text.description}
        </CardDescription>
        {phones.map((phone) => (
          <p key={phone}>
            <a className="inline-flex min-h-11 items-center whitespace-nowrap text-lg font-semibold underline" href={telHref(phone)}>
              {phone}
            </a>
          </p>
        ))}
      </CardHeader>
    </Card>
  );
}

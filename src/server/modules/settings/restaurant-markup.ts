// The landing page's schema.org `Restaurant` (decision 029): what search engines and assistants read of the
// restaurant, from the same settings and weekly hours the page shows.
import { restaurantConfigDefaults } from '@shared/defaults.ts';
import { openingGroups } from '@shared/rules/restaurant-details.ts';
import type { PublicSettings } from '@shared/schemas/settings.ts';

/** schema.org's DayOfWeek names, Sunday first as operating_hours.day_of_week. */
const SCHEMA_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function restaurantJsonLd(settings: PublicSettings, publicUrl: URL): Record<string, unknown> {
  const home = new URL('/', publicUrl).toString();
  const telephone = [settings.contactPhone1, settings.contactPhone2].map((phone) => phone?.trim()).find(Boolean);
  const address = settings.address?.trim();
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: settings.name.trim() || restaurantConfigDefaults.name,
    url: home,
    ...(settings.logoUrl ? { image: new URL(settings.logoUrl, publicUrl).toString() } : {}),
    ...(address ? { address } : {}),
    // schema.org's telephone is the main number: the first the owner set.
    ...(telephone ? { telephone } : {}),
    openingHoursSpecification: openingGroups(settings.weeklyHours).flatMap(({ days, spans }) =>
      spans.map(([opens, closes]) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: days.map((day) => `https://schema.org/${SCHEMA_DAYS[day]}`),
        opens,
        closes,
      })),
    ),
    acceptsReservations: home,
  };
}

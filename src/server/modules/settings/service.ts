import { TRANSLATED_LANGUAGES } from '@shared/i18n/languages.ts';
import { CLOSED_WEEKDAY } from '@shared/limits.ts';
import type { CardGuaranteeRules, PublicCardGuarantee } from '@shared/schemas/card-guarantee.ts';
import type { PublicSettings } from '@shared/schemas/settings.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { restaurantConfig } from '../../db/schema.ts';
import { recordChange } from '../../platform/events.ts';
import { guestPageTemplate } from '../../platform/guest-language.ts';
import { findNotificationSettings, findPaymentsConnected, findRestaurantConfig, findWeeklyHours } from './queries.ts';

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

/** The spec's 'Restaurant configuration not found': the seed always writes the row, so this is a server fault. */
export class MissingConfigError extends Error {
  constructor() {
    super(staffMessages.settings.configNotFound);
  }
}

/** The one way any module reads restaurant_config, inside a transaction or not. */
export async function getRestaurantConfig(executor: Executor, { forUpdate = false } = {}) {
  const config = await findRestaurantConfig(executor, forUpdate);
  if (!config) throw new MissingConfigError();
  return config;
}

/**
 * The sites that may frame the booking widget (issue 52, decision 069): EMBED_ORIGINS when the server sets it, else
 * the owner's list, read from the database at each widget page so that every instance applies a change at once.
 */
export async function embedOriginsInForce(db: Executor, fromServer: readonly string[]): Promise<{ origins: string[]; fromServer: boolean }> {
  if (fromServer.length > 0) return { origins: [...fromServer], fromServer: true };
  const [row] = await db.select({ origins: restaurantConfig.embedOrigins }).from(restaurantConfig).where(eq(restaurantConfig.id, 1));
  return { origins: row?.origins ?? [], fromServer: false };
}

/** The on/off switches of the notifications; the defaults until the owner first saves them. */
export const getNotificationSettings = (executor: Executor) => findNotificationSettings(executor);

/** The first owner's address becomes the admin email while none is set, so new bookings alert someone from day one. */
export async function adoptAdminEmail(executor: Executor, email: string): Promise<void> {
  await executor
    .update(restaurantConfig)
    .set({ adminEmail: email })
    .where(and(eq(restaurantConfig.id, 1), isNull(restaurantConfig.adminEmail)));
  await recordChange(executor, { table: 'restaurant_config', action: 'update', id: '1' });
}

export async function getPublicSettings(db: Executor): Promise<PublicSettings> {
  const [config, rows, paymentsConnected] = await Promise.all([getRestaurantConfig(db), findWeeklyHours(db), findPaymentsConnected(db)]);
  // The seed writes all seven rows; a missing one opens at the fallback hours, except Monday (availability.ts).
  const weeklyHours = WEEKDAYS.map(
    (dayOfWeek) =>
      rows.find((row) => row.dayOfWeek === dayOfWeek) ?? {
        dayOfWeek,
        isOpen: dayOfWeek !== CLOSED_WEEKDAY,
        openTime: config.openingTime,
        closeTime: config.closingTime,
        breakStartTime: null,
        breakEndTime: null,
      },
  );
  return {
    name: config.name,
    welcomeMessage: config.welcomeMessage,
    brandColor: config.brandColor,
    logoUrl: config.logoUrl,
    openingTime: config.openingTime,
    closingTime: config.closingTime,
    contactPhone1: config.contactPhone1,
    contactPhone2: config.contactPhone2,
    address: config.address,
    cancellationPolicy: config.cancellationPolicy,
    autoConfirmationEnabled: config.autoConfirmationEnabled,
    weeklyHours,
    otherLanguages: Object.fromEntries(
      TRANSLATED_LANGUAGES.map((language) => {
        const welcome = guestPageTemplate(config, 'welcomeMessage', language);
        const policy = guestPageTemplate(config, 'cancellationPolicy', language);
        return [
          language,
          { welcomeMessage: welcome.text, welcomeInSpanish: welcome.inSpanish, cancellationPolicy: policy.text, policyInSpanish: policy.inSpanish },
        ];
      }),
    ) as PublicSettings['otherLanguages'],
    cardGuarantee: publicCardGuarantee(config.cardGuarantee, paymentsConnected),
  };
}

/**
 * The card guarantee's rules in force, as the booking page reads them: null while they are off or no provider could
 * take the card. The waitlist's offer page states them before the guest accepts.
 */
export async function cardGuaranteeInForce(db: Executor): Promise<PublicCardGuarantee | null> {
  const [config, paymentsConnected] = await Promise.all([getRestaurantConfig(db), findPaymentsConnected(db)]);
  return publicCardGuarantee(config.cardGuarantee, paymentsConnected);
}

/** The rules the booking page applies: none while they are off or no provider could take the card. */
function publicCardGuarantee(rules: CardGuaranteeRules, paymentsConnected: boolean): PublicCardGuarantee | null {
  if (!rules.enabled || !paymentsConnected) return null;
  const { enabled: _enabled, ...inForce } = rules;
  return inForce;
}

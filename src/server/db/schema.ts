// The database tables, one file per area in schema/; drizzle-kit, queries and tests import them from here.
import { accountLockouts, loginAttempts, passwordResetTokens, sessions, userRoles, users } from './schema/accounts.ts';
import { dailyReservationPauses, dateExceptions, mondayExceptions, operatingHours, timeBlocks } from './schema/calendar.ts';
import { consentimientos, cookieConsents, policyVersions } from './schema/consent.ts';
import { emailOutbox, pushOutbox, pushSubscriptions } from './schema/delivery.ts';
import { appSecrets, backupRuns, jobRuns, rateLimitCounters } from './schema/platform.ts';
import { guestAccessTokens, reservasLogs, reservationChanges, reservationReminders, reservations } from './schema/reservations.ts';
import { notificationSettings, restaurantConfig } from './schema/settings.ts';
import { tables } from './schema/tables.ts';
import { waitlistEntries, waitlistOffers, waitlistTokens } from './schema/waitlist.ts';
import { erasureRequests, privacyEvents } from './schema/privacy.ts';
import { signInChallenges, staffRecoveryCodes, staffTwoStep } from './schema/two-step.ts';
import { passkeyChallenges, staffPasskeys } from './schema/passkeys.ts';
import { guestMessages, messagingConsents, messagingOptOuts, messagingSettings } from './schema/messaging.ts';
import { cardGuarantees, guaranteeHolds, paymentCharges, paymentEvents, paymentSettings } from './schema/payments.ts';
import { feedbackRequests, guestMerges, importGuestMerges } from './schema/guest-profiles.ts';
import { apiKeys } from './schema/api-keys.ts';
import { webhookDeliveries, webhookEndpoints } from './schema/webhooks.ts';
import { importMappings, imports } from './schema/imports.ts';

export * from './schema/accounts.ts';
export * from './schema/calendar.ts';
export * from './schema/consent.ts';
export * from './schema/delivery.ts';
export * from './schema/platform.ts';
export * from './schema/reservations.ts';
export * from './schema/settings.ts';
export * from './schema/tables.ts';
export * from './schema/waitlist.ts';
export * from './schema/privacy.ts';
export * from './schema/two-step.ts';
export * from './schema/passkeys.ts';
export * from './schema/payments.ts';
export * from './schema/messaging.ts';
export * from './schema/guest-profiles.ts';
export * from './schema/api-keys.ts';
export * from './schema/webhooks.ts';
export * from './schema/imports.ts';

/** The tables drizzle is given for typed queries. */
export const schema = {
  users,
  userRoles,
  sessions,
  passwordResetTokens,
  reservations,
  consentimientos,
  policyVersions,
  reservasLogs,
  cookieConsents,
  dateExceptions,
  mondayExceptions,
  operatingHours,
  tables,
  dailyReservationPauses,
  timeBlocks,
  notificationSettings,
  restaurantConfig,
  loginAttempts,
  accountLockouts,
  emailOutbox,
  pushSubscriptions,
  jobRuns,
  appSecrets,
  rateLimitCounters,
  reservationReminders,
  pushOutbox,
  guestAccessTokens,
  backupRuns,
  reservationChanges,
  waitlistEntries,
  waitlistOffers,
  waitlistTokens,
  privacyEvents,
  erasureRequests,
  staffTwoStep,
  staffRecoveryCodes,
  signInChallenges,
  staffPasskeys,
  passkeyChallenges,
  paymentSettings,
  guaranteeHolds,
  cardGuarantees,
  paymentCharges,
  paymentEvents,
  messagingSettings,
  messagingConsents,
  messagingOptOuts,
  guestMessages,
  guestMerges,
  feedbackRequests,
  apiKeys,
  webhookEndpoints,
  webhookDeliveries,
  imports,
  importGuestMerges,
  importMappings,
};

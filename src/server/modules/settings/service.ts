import type { PublicSettings } from '@shared/schemas/settings.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import type { Executor } from '../../db/client.ts';
import { findNotificationSettings, findRestaurantConfig } from './queries.ts';

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

/** The on/off switches of the notifications; the defaults until the owner first saves them. */
export const getNotificationSettings = (executor: Executor) => findNotificationSettings(executor);

export async function getPublicSettings(db: Executor): Promise<PublicSettings> {
  const config = await getRestaurantConfig(db);
  return {
    name: config.name,
    welcomeMessage: config.welcomeMessage,
    brandColor: config.brandColor,
    logoUrl: config.logoUrl,
    openingTime: config.openingTime,
    closingTime: config.closingTime,
    contactPhone1: config.contactPhone1,
    contactPhone2: config.contactPhone2,
    cancellationPolicy: config.cancellationPolicy,
  };
}

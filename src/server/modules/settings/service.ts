import type { PublicSettings } from '@shared/schemas/settings.ts';
import type { Database } from '../../db/client.ts';
import { findRestaurantConfig } from './queries.ts';

/** The spec's 'Restaurant configuration not found': the seed always writes the row, so this is a server fault. */
export class MissingConfigError extends Error {
  constructor() {
    super('Restaurant configuration not found');
  }
}

export async function getRestaurantConfig(db: Database) {
  const config = await findRestaurantConfig(db);
  if (!config) throw new MissingConfigError();
  return config;
}

export async function getPublicSettings(db: Database): Promise<PublicSettings> {
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

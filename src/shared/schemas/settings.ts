import { z } from 'zod';

/** What the public landing page needs from restaurant_config: nothing private. */
export const publicSettingsSchema = z.object({
  name: z.string(),
  welcomeMessage: z.string(),
  brandColor: z.string(),
  logoUrl: z.string().nullable(),
  openingTime: z.string(),
  closingTime: z.string(),
  contactPhone1: z.string().nullable(),
  contactPhone2: z.string().nullable(),
  cancellationPolicy: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

// A member's sessions, as 'Mis dispositivos' and Equipo list them (issue 44).
import { z } from 'zod';

export const deviceSessionSchema = z.object({
  /** The session's public id: the id hash never leaves the server. */
  id: z.uuid(),
  browser: z.string().nullable(),
  system: z.string().nullable(),
  /** 'Red local', or a city and country when the server has a GeoIP database. */
  place: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this list was asked from. */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

export const deviceSessionsSchema = z.array(deviceSessionSchema);

export const sessionParamsSchema = z.object({ sessionId: z.uuid() });
export const memberSessionParamsSchema = z.object({ id: z.uuid(), sessionId: z.uuid() });

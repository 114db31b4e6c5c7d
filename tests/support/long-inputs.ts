import { randomBytes, randomUUID } from 'node:crypto';

// Every endpoint that takes a JSON body, with each of its text fields (issue 17, item 8): the long-inputs test and
// scripts/measure-long-inputs.ts send each field the longest value the body limit lets through. Ids in paths are
// random: the body is validated before anything is looked up, so none needs to exist.

/** The server's body limit (src/server/app.ts): a longer body is a 413 before any validation runs. */
export const BODY_LIMIT_BYTES = 256 * 1024;

export interface LongInputTarget {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: () => string;
  admin: boolean;
  valid: () => Record<string, unknown>;
  /** The text fields; a dotted name is nested ('keys.auth'), a trailing '.0' is an array's first item. */
  texts: string[];
}

const TOMORROW = '2026-11-25';
const token = () => randomBytes(32).toString('base64url');
const id = () => randomUUID();

export const LONG_INPUT_TARGETS: Record<string, LongInputTarget> = {
  'POST /api/public/reservations': {
    method: 'POST',
    path: () => '/api/public/reservations',
    admin: false,
    valid: () => ({
      id: id(),
      customerName: 'María José Núñez',
      customerPhone: '+34 600 123 456',
      customerEmail: 'guest@example.com',
      numberOfPeople: 2,
      reservationDate: TOMORROW,
      reservationTime: '13:30',
      specialRequirement: 'Trona',
      privacyConsent: true,
    }),
    texts: ['id', 'customerName', 'customerPhone', 'customerEmail', 'numberOfPeople', 'reservationDate', 'reservationTime', 'specialRequirement'],
  },
  'POST /api/public/cookie-consent': {
    method: 'POST',
    path: () => '/api/public/cookie-consent',
    admin: false,
    valid: () => ({ version: 'v1', preferences: { necessary: true, analytics: false, marketing: true } }),
    texts: ['version'],
  },
  'POST /api/public/guest-reservations/:token/change-request': {
    method: 'POST',
    path: () => `/api/public/guest-reservations/${token()}/change-request`,
    admin: false,
    valid: () => ({ id: id(), reservationDate: TOMORROW, reservationTime: '14:00', numberOfPeople: 2 }),
    texts: ['id', 'reservationDate', 'reservationTime', 'numberOfPeople'],
  },
  'POST /api/auth/login': {
    method: 'POST',
    path: () => '/api/auth/login',
    admin: false,
    valid: () => ({ email: 'nobody@example.com', password: 'not-the-password-1' }),
    texts: ['email', 'password'],
  },
  'POST /api/auth/login/code': {
    method: 'POST',
    path: () => '/api/auth/login/code',
    admin: false,
    valid: () => ({ code: '123456' }),
    texts: ['code'],
  },
  'POST /api/auth/recovery': {
    method: 'POST',
    path: () => '/api/auth/recovery',
    admin: false,
    valid: () => ({ email: 'nobody@example.com' }),
    texts: ['email'],
  },
  'POST /api/auth/reset': {
    method: 'POST',
    path: () => '/api/auth/reset',
    admin: false,
    valid: () => ({ token: 'x'.repeat(43), password: 'una-contrasena-muy-larga-7' }),
    texts: ['token', 'password'],
  },
  'POST /api/admin/reservations': {
    method: 'POST',
    path: () => '/api/admin/reservations',
    admin: true,
    valid: () => ({
      customerName: 'Ana Admin',
      customerPhone: '600123456',
      customerEmail: 'ana@example.com',
      numberOfPeople: 4,
      reservationDate: TOMORROW,
      reservationTime: '14:00',
      notes: 'Ventana',
    }),
    texts: ['customerName', 'customerPhone', 'customerEmail', 'numberOfPeople', 'reservationDate', 'reservationTime', 'notes'],
  },
  'PATCH /api/admin/reservations/:id/status': {
    method: 'PATCH',
    path: () => `/api/admin/reservations/${id()}/status`,
    admin: true,
    valid: () => ({ status: 'cancelled', reason: 'Cerrado' }),
    texts: ['status', 'reason'],
  },
  'PATCH /api/admin/reservations/:id/arrival': {
    method: 'PATCH',
    path: () => `/api/admin/reservations/${id()}/arrival`,
    admin: true,
    valid: () => ({ arrivalStatus: 'arrived', adminNotes: 'Llegó', revision: 0 }),
    texts: ['arrivalStatus', 'adminNotes'],
  },
  'PUT /api/admin/reservations/:id/tables': {
    method: 'PUT',
    path: () => `/api/admin/reservations/${id()}/tables`,
    admin: true,
    valid: () => ({ tableIds: [id()] }),
    texts: ['tableIds.0'],
  },
  'PUT /api/admin/pause/today': {
    method: 'PUT',
    path: () => '/api/admin/pause/today',
    admin: true,
    valid: () => ({ startTime: '13:00', endTime: '14:00' }),
    texts: ['startTime', 'endTime'],
  },
  'POST /api/admin/blocked-days': {
    method: 'POST',
    path: () => '/api/admin/blocked-days',
    admin: true,
    valid: () => ({ date: '2026-12-24', reason: 'Nochebuena' }),
    texts: ['date', 'reason'],
  },
  'PATCH /api/admin/settings': {
    method: 'PATCH',
    path: () => '/api/admin/settings',
    admin: true,
    valid: () => ({ name: 'Casa Mesa', openingTime: '12:00', dailyReportTime: '09:00' }),
    texts: [
      'name', 'brandColor', 'welcomeMessage', 'confirmationMessage', 'autoConfirmationMessage', 'reminder24hMessage',
      'reminder2hMessage', 'cancellationMessage', 'cancellationPolicy', 'adminEmail', 'additionalReportEmail',
      'dailyReportTime', 'dailyReportTimezone', 'openingTime', 'closingTime', 'welcomeEmailMessage', 'welcomeEmailSubject',
      'reminder24hSubject', 'reminder2hSubject', 'cancellationSubject', 'contactPhone1', 'contactPhone2', 'address',
    ],
  },
  'PATCH /api/admin/operating-hours/:day': {
    method: 'PATCH',
    path: () => '/api/admin/operating-hours/3',
    admin: true,
    valid: () => ({ openTime: '13:00', closeTime: '23:00' }),
    texts: ['openTime', 'closeTime', 'breakStartTime', 'breakEndTime'],
  },
  'POST /api/admin/monday-exceptions': {
    method: 'POST',
    path: () => '/api/admin/monday-exceptions',
    admin: true,
    valid: () => ({ date: '2026-11-30', reason: 'Puente' }),
    texts: ['date', 'reason'],
  },
  'POST /api/admin/time-blocks': {
    method: 'POST',
    path: () => '/api/admin/time-blocks',
    admin: true,
    valid: () => ({ date: TOMORROW, startTime: '20:00', endTime: '21:00', reason: 'Evento' }),
    texts: ['date', 'startTime', 'endTime', 'reason'],
  },
  'POST /api/admin/tables': {
    method: 'POST',
    path: () => '/api/admin/tables',
    admin: true,
    valid: () => ({ name: 'Terraza', seats: 4, shape: 'square' }),
    texts: ['name', 'shape'],
  },
  'PATCH /api/admin/tables/:id': {
    method: 'PATCH',
    path: () => `/api/admin/tables/${id()}`,
    admin: true,
    valid: () => ({ name: 'Ventana', seats: 2 }),
    texts: ['name', 'shape'],
  },
  'PUT /api/admin/guests/:id/note': {
    method: 'PUT',
    path: () => `/api/admin/guests/${id()}/note`,
    admin: true,
    valid: () => ({ note: 'Sin gluten' }),
    texts: ['note'],
  },
  'POST /api/admin/notifications/test': {
    method: 'POST',
    path: () => '/api/admin/notifications/test',
    admin: true,
    valid: () => ({ kind: 'confirmation' }),
    texts: ['kind'],
  },
  'POST /api/admin/push/subscription': {
    method: 'POST',
    path: () => '/api/admin/push/subscription',
    admin: true,
    valid: () => ({ endpoint: 'https://push.example/x', keys: { p256dh: 'x'.repeat(87), auth: 'x'.repeat(22) } }),
    texts: ['endpoint', 'keys.p256dh', 'keys.auth'],
  },
  'DELETE /api/admin/push/subscription': {
    method: 'DELETE',
    path: () => '/api/admin/push/subscription',
    admin: true,
    valid: () => ({ endpoint: 'https://push.example/x' }),
    texts: ['endpoint'],
  },
};

/**
 * Two shapes of long value: plain letters, and the one that made the old email pattern quadratic (a local part,
 * then dots with nothing the pattern could end on).
 */
export const LONG_VALUE_SHAPES = {
  letters: (length: number) => 'a'.repeat(length),
  dots: (length: number) => `a@${'.'.repeat(Math.max(0, length - 3))}@`,
} as const;
export type LongValueShape = keyof typeof LONG_VALUE_SHAPES;

function withValue(payload: Record<string, unknown>, field: string, value: string): Record<string, unknown> {
  const copy = structuredClone(payload);
  const path = field.split('.');
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
  return copy;
}

/** The JSON body with `field` set to a value of `shape` as long as the body limit allows (ASCII: 1 byte a character). */
export function longBody(target: LongInputTarget, field: string, shape: LongValueShape): string {
  const valid = target.valid();
  const overhead = Buffer.byteLength(JSON.stringify(withValue(valid, field, '')));
  return JSON.stringify(withValue(valid, field, LONG_VALUE_SHAPES[shape](BODY_LIMIT_BYTES - overhead)));
}

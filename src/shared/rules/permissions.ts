// Who may use what in the back office (issue 20): written once, read by the server's guard for every /api/admin
// route and by the web for the tabs it shows. The spec's 'admin' role is the owner.

export const STAFF_ROLES = ['admin', 'manager', 'floor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** From most to least power: a user holding several roles acts with the first of these. */
export const ROLE_ORDER: readonly StaffRole[] = STAFF_ROLES;

export function effectiveRole(roles: readonly string[]): StaffRole | null {
  return ROLE_ORDER.find((role) => roles.includes(role)) ?? null;
}

/** The tabs of /admin (their ?tab= values) each role sees. */
export const ADMIN_TABS = ['reservas', 'historial', 'clientes', 'mesas', 'configuracion', 'notificaciones', 'push', 'seguridad', 'equipo'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

const TABS: Record<StaffRole, readonly AdminTab[]> = {
  admin: ADMIN_TABS,
  manager: ['reservas', 'historial', 'clientes', 'mesas', 'configuracion', 'notificaciones', 'push'],
  floor: ['reservas', 'historial', 'mesas', 'push'],
};

export const tabsOf = (role: StaffRole): readonly AdminTab[] => TABS[role];

/**
 * The owner's alone: security, backups, the team, the payment provider's keys and their test (issue 45), the
 * WhatsApp and Twilio accounts with their test sends (issue 46), and the API keys of Integraciones (issue 48).
 */
const OWNER_ONLY = [
  '/security',
  '/backups',
  '/team',
  '/payments/settings',
  '/payments/test',
  '/messaging/settings',
  '/messaging/whatsapp',
  '/messaging/sms',
  // The API keys (issue 48): a key opens the restaurant's data to another system.
  '/integrations',
  // The import (issue 49): a file of guests' personal data, brought in or taken back out.
  '/imports',
];

/**
 * The owner's alone too (issue 41): where the restaurant's email goes out. Whoever sets the SMTP server reads every
 * password-reset link, the owner's included. And (issue 52) the sites that may frame the booking widget.
 */
const OWNER_ONLY_ROUTES = new Set(['PUT /mail-settings', 'DELETE /mail-settings', 'PUT /settings/embed-origins']);

/**
 * The owner's alone, without a fresh sign-in: the card guarantee's rules (issue 45) decide what guests may be charged.
 * An encargado reads them.
 */
const OWNER_ONLY_WRITES = new Set(['PUT /settings/card-guarantee']);

/**
 * Fields of PATCH /settings only the owner may change (issue 41): where staff alerts and the daily report (every
 * guest's name and phone) are sent, the report's schedule, the legal details the privacy policy names and the
 * retention periods. An encargado sees them; the server refuses a patch that names any of them.
 */
export const OWNER_ONLY_SETTINGS = [
  'adminEmail',
  'additionalReportEmail',
  'dailyReportEnabled',
  'dailyReportTime',
  'dailyReportTimezone',
  'legalName',
  'legalNif',
  'legalAddress',
  'legalEmail',
  'retentionReservationMonths',
  'retentionCancelledMonths',
  'retentionAllergenMonths',
] as const;
export type OwnerOnlySetting = (typeof OWNER_ONLY_SETTINGS)[number];

export const isOwnerOnlySetting = (field: string): field is OwnerOnlySetting =>
  (OWNER_ONLY_SETTINGS as readonly string[]).includes(field);

/**
 * Changes that can redirect mail or sign-in, the team, and data leaving the restaurant: the member must have signed in
 * within RECENT_SIGN_IN_MINUTES (the sign-in itself, or the password, a code or a passkey given again in the
 * confirmation dialog; issues 41, 44). PATCH /settings joins them when it names an owner-only field.
 */
export const RECENT_SIGN_IN_ROUTES: ReadonlySet<string> = new Set([
  ...OWNER_ONLY_ROUTES,
  'POST /team/invitations',
  'POST /team/invitations/:id/resend',
  'PATCH /team/members/:id',
  'POST /team/members/:id/deactivate',
  'POST /team/members/:id/reactivate',
  'DELETE /team/invitations/:id',
  'DELETE /team/members/:id/sessions/:sessionId',
  'PUT /team/second-factor',
  // One's own factors (issue 44): new recovery codes, turning codes off, a passkey added or removed is what a stolen
  // session would do.
  'POST /account/two-step/recovery-codes',
  'DELETE /account/two-step',
  'POST /account/passkeys/options',
  'POST /account/passkeys',
  'DELETE /account/passkeys/:id',
  // Data leaving the restaurant: the whole database, or one guest's (issue 44).
  'GET /backups/download',
  'GET /guests/:id/export',
  'GET /guests/:id/export.html',
  // Asked by a download link before it is followed (a link cannot open the dialog).
  'GET /account/fresh-sign-in',
  // Where guests' money goes (issue 45): the Stripe keys, and their use in a test.
  'PUT /payments/settings',
  'DELETE /payments/settings',
  'POST /payments/test',
  // Who may message guests in the restaurant's name (issue 46): the WhatsApp and Twilio accounts, and their test sends.
  'PUT /messaging/whatsapp',
  'DELETE /messaging/whatsapp',
  'POST /messaging/whatsapp/test',
  'PUT /messaging/sms',
  'DELETE /messaging/sms',
  'POST /messaging/sms/test',
  // Another system let into the restaurant's data (issue 48): an API key created or revoked.
  'POST /integrations/api-keys',
  'DELETE /integrations/api-keys/:id',
  // Where the restaurant's bookings are sent (issue 48): a webhook endpoint added, changed or removed.
  'POST /integrations/webhooks',
  'PUT /integrations/webhooks/:id',
  'DELETE /integrations/webhooks/:id',
  // A file of guests brought in (issue 49), checked, imported, or taken back out.
  'POST /imports/files',
  'POST /imports/:id/dry-run',
  'POST /imports/:id/start',
  'POST /imports/:id/undo',
]);

/**
 * What a session that must first add a second factor may use (issue 44, item 3): turning on two-step codes or adding
 * a passkey, with the fresh sign-in they may ask for, and nothing else.
 */
const SECOND_FACTOR_SETUP_ROUTES = new Set([
  'GET /account/two-step',
  'POST /account/two-step',
  'POST /account/two-step/confirm',
  'GET /account/passkeys',
  'POST /account/passkeys/options',
  'POST /account/passkeys',
  'POST /account/confirm-password',
]);

export const opensSecondFactorSetup = (method: string, route: string): boolean =>
  SECOND_FACTOR_SETUP_ROUTES.has(`${method.toUpperCase()} ${route}`);

export const needsRecentSignIn = (method: string, route: string): boolean =>
  RECENT_SIGN_IN_ROUTES.has(`${method.toUpperCase()} ${route}`);

/**
 * What the floor staff may use: the service day (Reservas and its dialogs, Historial's list, guest notes), seating
 * on the table map, and push on their own device. Not closures: pausing bookings, blocking a day and cancelling its
 * bookings (which emails every guest) are the encargado's (issue 41). Routes as Fastify names them under /api/admin.
 */
const FLOOR = new Set([
  'GET /events',
  'GET /reservations/today',
  'GET /reservations/upcoming',
  'GET /reservations/pending',
  'GET /reservations/pending/count',
  // 'Llamar para confirmar' (issue 47): the afternoon shift calls tomorrow's likely no-shows.
  'GET /reservations/call-to-confirm',
  'GET /reservations/history',
  'GET /reservations/active',
  'GET /reservations/:id/changes',
  // A booking's WhatsApp and SMS messages, and the reply to its guest (issue 46): service work.
  'GET /reservations/:id/messages',
  'POST /reservations/:id/messages',
  'GET /reservations/search',
  'POST /reservations',
  'PATCH /reservations/:id',
  'PATCH /reservations/:id/status',
  // 'Confirmar todas (N)' (decision 064): each request as its own 'Confirmar'.
  'POST /reservations/confirm-batch',
  'PATCH /reservations/:id/arrival',
  // 'Importe de la cuenta' (issue 47): the floor brings the bill.
  'PUT /reservations/:id/bill',
  // The guest's rating of the booking (issue 47, decision 046); its comment is answered to the encargado and owner only.
  'GET /reservations/:id/feedback',
  'POST /reservations/undo',
  'GET /walk-ins/proposal',
  'POST /walk-ins',
  'GET /waitlist',
  'POST /waitlist',
  'DELETE /waitlist/:id',
  'POST /waitlist/:id/book',
  'POST /waitlist/:id/seat',
  'GET /closures/today',
  'GET /setup',
  'GET /pause/today',
  'GET /blocked-days',
  'GET /covers-pacing',
  'GET /manual-times',
  'GET /availability/explain',
  'GET /guests/:id',
  'PUT /guests/:id/note',
  'PUT /guests/:id/tags',
  'GET /tables',
  'GET /zones',
  'GET /table-combinations',
  'GET /seating',
  'GET /reservation-tables',
  'GET /table-states',
  'PUT /reservations/:id/tables',
  'GET /push/public-key',
  'GET /push/subscription',
  'POST /push/subscription',
  'DELETE /push/subscription',
  // One's own account: the password again, and two-step codes (issues 41, 44).
  'POST /account/confirm-password',
  'POST /account/confirm-code',
  'GET /account/fresh-sign-in',
  // One's name as Equipo shows it (issue 52).
  'GET /account/name',
  'PUT /account/name',
  'GET /account/two-step',
  'POST /account/two-step',
  'POST /account/two-step/confirm',
  'POST /account/two-step/recovery-codes',
  'DELETE /account/two-step',
  'GET /account/sessions',
  'DELETE /account/sessions/:sessionId',
  'POST /account/sessions/end-others',
  // Passkeys (issue 44).
  'GET /account/passkeys',
  'POST /account/passkeys/options',
  'POST /account/passkeys',
  'PATCH /account/passkeys/:id',
  'DELETE /account/passkeys/:id',
  'POST /account/fresh-sign-in/passkey/options',
  'POST /account/fresh-sign-in/passkey',
]);

/** May `role` call `method` `route` (the pattern under /api/admin, e.g. '/reservations/:id/status')? */
export function mayUse(role: StaffRole, method: string, route: string): boolean {
  if (role === 'admin') return true;
  if (OWNER_ONLY.some((prefix) => route === prefix || route.startsWith(`${prefix}/`))) return false;
  if (OWNER_ONLY_ROUTES.has(`${method.toUpperCase()} ${route}`)) return false;
  if (OWNER_ONLY_WRITES.has(`${method.toUpperCase()} ${route}`)) return false;
  if (role === 'manager') return true;
  return FLOOR.has(`${method.toUpperCase()} ${route}`);
}

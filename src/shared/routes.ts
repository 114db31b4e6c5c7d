/** The booking form alone, for other sites' frames (issue 25, decision 028): the one page they may frame. */
export const BOOKING_WIDGET_PATH = '/reservar';
/** The script a restaurant's own site loads to show that frame. */
export const EMBED_SCRIPT_PATH = '/embed.js';
/**
 * The `utm_source` of the booking link Configuración › General gives for Google's Business Profile: a booking made
 * from a page opened by it is 'Origen: Google' (issue 48, decision 050).
 */
export const GOOGLE_ORIGIN = 'google';

/** Which build the server serves (decision 033): a page whose chunks fail to load asks it before reloading. */
export const BUILD_ID_PATH = '/api/public/build';
/** The meta tag of index.html that names its build (vite.config.ts writes it). */
export const BUILD_ID_META = 'mesa-build';
/** The meta tag that carries an HTML response's style nonce (http-security.ts) to the client (lib/csp-setup.ts). */
export const CSP_NONCE_META = 'csp-nonce';

/** The client's routes; the server answers any other path with the not-found page and status 404. */
export const CLIENT_ROUTES = ['/', '/auth', '/auth/restablecer', '/admin', BOOKING_WIDGET_PATH] as const;

/** The guest's private page, /reserva/<token>: the token's shape is checked here, its existence by the API. */
const SELF_SERVICE_ROUTE = /^\/reserva\/[\w-]{43}$/;
/** The guest's waitlist pages (issue 23): /lista-espera/<token> (the entry) and /oferta/<token> (an offer). */
export const WAITLIST_ENTRY_PATH = '/lista-espera/';
export const WAITLIST_OFFER_PATH = '/oferta/';
const WAITLIST_ROUTE = /^\/(?:lista-espera|oferta)\/[\w-]{43}$/;
/** The confirmation link of 'Borrar mis datos' (issue 24): /borrar-datos/<token>. */
export const DATA_ERASURE_PATH = '/borrar-datos/';
const DATA_ERASURE_ROUTE = /^\/borrar-datos\/[\w-]{43}$/;
/** The rating a guest is asked for after a visit (issue 47): /valorar/<token>. */
export const FEEDBACK_PATH = '/valorar/';
const FEEDBACK_ROUTE = /^\/valorar\/[\w-]{43}$/;

/** Where the payment provider sends a guest back after saving (or not) a card for a booking (issue 45). */
export const GUARANTEE_RETURN_PATH = '/reservar/garantia/';
const GUARANTEE_RETURN_ROUTE = /^\/reservar\/garantia\/[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;
/** The guarantee link staff email for a booking already made (issue 45, item 7): /reservar/garantia/enlace/<token>. */
export const GUARANTEE_LINK_PATH = '/reservar/garantia/enlace/';
const GUARANTEE_LINK_ROUTE = /^\/reservar\/garantia\/enlace\/[\w-]{43}$/;
/** The approval link of a no-show charge the guest's bank held back (issue 45, item 4): /reservar/garantia/cobro/<token>. */
export const NO_SHOW_CHARGE_PATH = '/reservar/garantia/cobro/';
const NO_SHOW_CHARGE_ROUTE = /^\/reservar\/garantia\/cobro\/[\w-]{43}$/;
/** Where the provider sends the guest back from that charge's payment page; its page id follows as ?session_id. */
export const NO_SHOW_CHARGE_RETURN_PATH = '/reservar/garantia/pago';

export function isClientRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/(?<!\/)\/+$/, '') : pathname;
  return (
    (CLIENT_ROUTES as readonly string[]).includes(path) ||
    SELF_SERVICE_ROUTE.test(path) ||
    WAITLIST_ROUTE.test(path) ||
    DATA_ERASURE_ROUTE.test(path) ||
    FEEDBACK_ROUTE.test(path) ||
    GUARANTEE_RETURN_ROUTE.test(path) ||
    GUARANTEE_LINK_ROUTE.test(path) ||
    NO_SHOW_CHARGE_ROUTE.test(path) ||
    path === NO_SHOW_CHARGE_RETURN_PATH
  );
}

/** The back office's pages (sign-in included): always in Spanish, whatever language a guest page chose. */
export const isStaffPath = (pathname: string): boolean => /^\/(?:admin|auth)(?:\/|$)/.test(pathname);

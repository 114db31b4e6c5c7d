/** The client's routes; the server answers any other path with the not-found page and status 404. */
export const CLIENT_ROUTES = ['/', '/auth', '/auth/restablecer', '/admin'] as const;

/** The guest's private page, /reserva/<token>: the token's shape is checked here, its existence by the API. */
const SELF_SERVICE_ROUTE = /^\/reserva\/[\w-]{43}$/;

export function isClientRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/(?<!\/)\/+$/, '') : pathname;
  return (CLIENT_ROUTES as readonly string[]).includes(path) || SELF_SERVICE_ROUTE.test(path);
}

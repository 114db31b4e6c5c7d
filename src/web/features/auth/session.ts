// What other features (the /admin shell) may use of auth: the session, the admin check and sign-out.
export { sessionQueryKey, useSession } from './api/get-session';
export { useAdminAccess } from './api/check-admin-access';
export { forgetSignedInData, useLogout } from './api/logout';

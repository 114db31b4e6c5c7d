// What other features (the /admin shell) may use of auth: the session and its role, the admin check and sign-out.
export { sessionQueryKey, sessionQueryOptions, useSession, useStaffRole } from './api/get-session';
export { useAdminAccess } from './api/check-admin-access';
export { forgetSignedInData, useLogout } from './api/logout';

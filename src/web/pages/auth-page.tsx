import { Navigate } from 'react-router';
import { Spinner } from '@web/components/ui/spinner';
import { useSession } from '@web/features/auth/api/get-session';
import { useSetupState } from '@web/features/auth/api/owner-setup';
import { LoginForm } from '@web/features/auth/login-form';
import { OwnerSetupForm } from '@web/features/auth/owner-setup-form';
import { AuthLayout } from '@web/pages/auth-layout';

/**
 * /auth. A session that exists, or appears later (a sign-in here or in another tab, seen on focus), goes to /admin.
 * On a fresh install, before the owner's account exists, it offers to create it instead (issue 20).
 */
export function AuthPage() {
  const session = useSession();
  const setup = useSetupState();
  if (session.data?.user) return <Navigate to="/admin" replace />;
  const loading = session.isPending || setup.isPending;
  return (
    <AuthLayout>
      {loading ? <Spinner className="self-center" /> : setup.data?.required ? <OwnerSetupForm /> : <LoginForm />}
    </AuthLayout>
  );
}

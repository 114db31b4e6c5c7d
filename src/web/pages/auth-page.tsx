import { Navigate } from 'react-router';
import { Spinner } from '@web/components/ui/spinner';
import { useSession } from '@web/features/auth/api/get-session';
import { LoginForm } from '@web/features/auth/login-form';
import { AuthLayout } from '@web/pages/auth-layout';

/** /auth. A session that exists, or appears later (a sign-in here or in another tab, seen on focus), goes to /admin. */
export function AuthPage() {
  const session = useSession();
  if (session.data?.user) return <Navigate to="/admin" replace />;
  return <AuthLayout>{session.isPending ? <Spinner className="self-center" /> : <LoginForm />}</AuthLayout>;
}

import { useLocation } from 'react-router';
import { ResetPasswordForm } from '@web/features/auth/reset-password-form';
import { AuthLayout } from '@web/pages/auth-layout';

/**
 * /auth/restablecer#token=…: the link of the recovery email. The token travels in the fragment, which browsers
 * never send to a server, so it stays out of access logs, proxies and Referer headers.
 */
export function ResetPasswordPage() {
  const { hash } = useLocation();
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return (
    <AuthLayout>
      <ResetPasswordForm token={token} />
    </AuthLayout>
  );
}

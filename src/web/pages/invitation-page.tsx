import { useLocation } from 'react-router';
import { InvitationForm } from '@web/features/auth/invitation-form';
import { AuthLayout } from '@web/pages/auth-layout';

/** /auth/invitacion#token=…: the link of a team invitation; the token stays in the fragment, out of every log. */
export function InvitationPage() {
  const { hash } = useLocation();
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return (
    <AuthLayout>
      <InvitationForm token={token} />
    </AuthLayout>
  );
}

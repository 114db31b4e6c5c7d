import { useEffect, useRef, useState } from 'react';
import { toast } from '@web/lib/lazy-toaster';
import { loginMessages } from '@shared/staff-messages/login';
import { passkeyMessages as text } from '@shared/staff-messages/passkeys';
import { Button } from '@web/components/ui/button';
import { ApiRequestError } from '@web/lib/api';
import { loadWebAuthn, passkeyErrorMessage, useWebAuthn } from '@web/lib/passkeys';
import { passkeySignInOptions, usePasskeySignIn } from './api/passkey-sign-in';

type Support = 'unknown' | 'yes' | 'unavailable';

/**
 * /auth's passkey sign-in (issue 44): 'Entrar con llave de acceso', and the passkeys among the email field's
 * suggestions (conditional mediation: the field's autocomplete names 'webauthn') where the browser offers that.
 * Nothing shows where the browser has no WebAuthn or PUBLIC_URL is an IP address (the server answers 409).
 */
export function PasskeySignIn() {
  const signIn = usePasskeySignIn();
  const webAuthn = useWebAuthn();
  const [support, setSupport] = useState<Support>('unknown');
  const mounted = useRef(true);
  const { mutate } = signIn;

  useEffect(() => {
    mounted.current = true;
    if (!webAuthn) return;
    void (async () => {
      try {
        const optionsJSON = await passkeySignInOptions();
        if (!mounted.current) return;
        setSupport('yes');
        const { browserSupportsWebAuthnAutofill } = await loadWebAuthn();
        if (mounted.current && (await browserSupportsWebAuthnAutofill())) {
          mutate({ optionsJSON, autofill: true }, { onSuccess: () => toast.success(loginMessages.success), onError: quietUnlessRefused });
        }
      } catch (error) {
        if (mounted.current) setSupport(error instanceof ApiRequestError && error.code === 'passkeys_unavailable' ? 'unavailable' : 'yes');
      }
    })();
    return () => {
      mounted.current = false;
      void loadWebAuthn().then(({ WebAuthnAbortService }) => WebAuthnAbortService.cancelCeremony());
    };
  }, [mutate, webAuthn]);

  if (!webAuthn || support === 'unavailable') return null;
  const start = async () => {
    try {
      const optionsJSON = await passkeySignInOptions();
      mutate({ optionsJSON, autofill: false }, { onSuccess: () => toast.success(loginMessages.success), onError: (error) => toast.error(passkeyErrorMessage(error)) });
    } catch (error) {
      toast.error(passkeyErrorMessage(error));
    }
  };
  return (
    <Button variant="outline" size="lg" disabled={support === 'unknown' || (signIn.isPending && !signIn.variables?.autofill)} onClick={() => void start()}>
      {signIn.isPending && !signIn.variables?.autofill ? text.signingIn : text.signIn}
    </Button>
  );
}

/**
 * An autofill ceremony ends quietly when the button (or leaving the form) takes over, or when the browser will not
 * run it (a page opened at another address than PUBLIC_URL's); the server's refusal of a passkey is said.
 */
function quietUnlessRefused(error: unknown) {
  if (error instanceof ApiRequestError) toast.error(passkeyErrorMessage(error));
}

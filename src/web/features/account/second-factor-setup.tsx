import { useQueryClient } from '@tanstack/react-query';
import { secondFactorSetupMessages as text } from '@shared/staff-messages/two-step';
import { Button } from '@web/components/ui/button';
import { sessionQueryKey } from '@web/features/auth/session';
import { usePasskeys } from './api/passkeys';
import { useTwoStepStatus } from './api/two-step';
import { PasskeysCard } from './passkeys-card';
import { TwoStepCard } from './two-step-card';

/**
 * What /admin shows while the owner requires a second factor this account lacks (issue 44): two-step codes or a
 * passkey. Once one is on, 'Continuar al panel' asks for the session again and the panel opens; not by itself, so
 * that the recovery codes stay on screen until they are saved.
 */
export function SecondFactorSetup() {
  const queryClient = useQueryClient();
  const codes = useTwoStepStatus();
  const passkeys = usePasskeys();
  const hasFactor = Boolean(codes.data?.enabled) || (passkeys.data?.passkeys.length ?? 0) > 0;
  return (
    <section aria-labelledby="second-factor-title" className="flex flex-col gap-4">
      <h1 id="second-factor-title" className="text-2xl font-bold tracking-tight">
        {text.title}
      </h1>
      <p className="text-muted-foreground">{hasFactor ? text.ready : text.description}</p>
      {hasFactor && (
        <Button size="lg" className="self-start" onClick={() => void queryClient.invalidateQueries({ queryKey: sessionQueryKey })}>
          {text.continue}
        </Button>
      )}
      <PasskeysCard />
      <TwoStepCard />
    </section>
  );
}

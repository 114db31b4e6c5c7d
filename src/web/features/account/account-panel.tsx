import { DevicesCard } from '@web/features/devices/devices-card';
import { DisplayNameCard } from './display-name-card';
import { PasskeysCard } from './passkeys-card';
import { TwoStepCard } from './two-step-card';

/** 'Mi cuenta' (issue 44): what a member sets for their own account, whatever their role. */
export function AccountPanel() {
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <DisplayNameCard />
      <PasskeysCard />
      <TwoStepCard />
      <DevicesCard />
    </div>
  );
}

import { BackupsCard } from './backups-card';
import { LockoutList } from './lockout-list';
import { LoginHistory } from './login-history';
import { PrivacyEvents } from './privacy-events';
import { SensitiveChanges } from './sensitive-changes';
import { SummaryCards } from './summary-cards';
import { TeamEvents } from './team-events';

/**
 * The Seguridad tab of /admin: the counts, the lockouts in force, the backups, the sign-in history, the sensitive changes
 * (issue 41), the team's changes and the exports and erasures of guests' data, all live.
 */
export function SecurityTab() {
  return (
    <div className="flex flex-col gap-4">
      <SummaryCards />
      <LockoutList />
      <BackupsCard />
      <LoginHistory />
      <SensitiveChanges />
      <TeamEvents />
      <PrivacyEvents />
    </div>
  );
}

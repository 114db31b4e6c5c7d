import { BackupsCard } from './backups-card';
import { LockoutList } from './lockout-list';
import { LoginHistory } from './login-history';
import { SummaryCards } from './summary-cards';
import { TeamEvents } from './team-events';

/** The Seguridad tab of /admin: the counts, the lockouts in force, the backups, the sign-in history and the team's changes, all live. */
export function SecurityTab() {
  return (
    <div className="flex flex-col gap-4">
      <SummaryCards />
      <LockoutList />
      <BackupsCard />
      <LoginHistory />
      <TeamEvents />
    </div>
  );
}

import { BackupsCard } from './backups-card';
import { LockoutList } from './lockout-list';
import { LoginHistory } from './login-history';
import { SummaryCards } from './summary-cards';

/** The Seguridad tab of /admin: the counts, the lockouts in force, the sign-in history and the backups, all live. */
export function SecurityTab() {
  return (
    <div className="flex flex-col gap-4">
      <SummaryCards />
      <LockoutList />
      <BackupsCard />
      <LoginHistory />
    </div>
  );
}

import { LockoutList } from './lockout-list';
import { LoginHistory } from './login-history';
import { SummaryCards } from './summary-cards';

/** The Seguridad tab of /admin: the counts, the lockouts in force and the sign-in history, all live. */
export function SecurityTab() {
  return (
    <div className="flex flex-col gap-4">
      <SummaryCards />
      <LockoutList />
      <LoginHistory />
    </div>
  );
}

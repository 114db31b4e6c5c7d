import { Activity, Lock, ShieldAlert } from 'lucide-react';
import { formatMessage } from '@shared/messages';
import { securityMessages } from '@shared/staff-messages/security';
import { StatCard } from '@web/components/ui/stat-card';
import { useSecuritySummary } from './api/get-security-summary';
import { QueryState } from '@web/components/query-state';

const text = securityMessages;

export function SummaryCards() {
  const summary = useSecuritySummary();
  const data = summary.data;
  if (!data) {
    return <QueryState query={summary} />;
  }
  return (
    <>
      <ul className="grid gap-3 sm:grid-cols-3">
        <StatCard icon={<Lock />} label={text.lockedAccounts} value={data.lockedAccounts} />
        <StatCard icon={<ShieldAlert />} label={text.failedAttempts24h} value={data.failedLast24h} />
        <StatCard icon={<Activity />} label={text.recentAttempts} value={data.attemptsLast24h} />
      </ul>
      <p className="text-sm text-muted-foreground">{formatMessage(text.version, { version: data.version })}</p>
    </>
  );
}

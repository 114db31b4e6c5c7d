import type { ReactNode } from 'react';
import { Activity, Lock, ShieldAlert } from 'lucide-react';
import { messages } from '@shared/messages';
import { Card } from '@web/components/ui/card';
import { useSecuritySummary } from './api/get-security-summary';
import { QueryState } from './query-state';

const text = messages.admin.security;

export function SummaryCards() {
  const summary = useSecuritySummary();
  const data = summary.data;
  if (!data) {
    return <QueryState isPending={summary.isPending} error={summary.error} onRetry={() => void summary.refetch()} />;
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-3">
      <SummaryCard icon={<Lock />} label={text.lockedAccounts} value={data.lockedAccounts} />
      <SummaryCard icon={<ShieldAlert />} label={text.failedAttempts24h} value={data.failedLast24h} />
      <SummaryCard icon={<Activity />} label={text.recentAttempts} value={data.attemptsLast24h} />
    </ul>
  );
}

function SummaryCard({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <li>
      <Card className="flex h-full items-center justify-between gap-3 p-4">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="text-sm font-medium text-muted-foreground">{label}</h3>
          <p className="text-3xl font-bold tabular-nums">{value}</p>
        </div>
        <span aria-hidden="true" className="rounded-full bg-muted p-2 text-muted-foreground [&_svg]:size-5">
          {icon}
        </span>
      </Card>
    </li>
  );
}

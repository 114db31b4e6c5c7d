import type { ReactNode } from 'react';
import { Card } from './card';

/** One figure with its label and icon, as a list item of a grid of counters. */
export function StatCard({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
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

import type { ReactNode } from 'react';
import { Armchair, CheckCircle2, LayoutGrid, Users } from 'lucide-react';
import { messages } from '@shared/messages';
import type { DiningTable } from '@shared/schemas/table';
import { Card } from '@web/components/ui/card';

const text = messages.admin.tables;

/** Total tables, total seats, active tables and average seats per table (rounded). */
export function TableStats({ tables }: { tables: DiningTable[] }) {
  const totalSeats = tables.reduce((sum, table) => sum + table.seats, 0);
  const active = tables.filter((table) => table.isActive).length;
  const average = tables.length === 0 ? 0 : Math.round(totalSeats / tables.length);
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat icon={<LayoutGrid />} label={text.totalTables} value={tables.length} />
      <Stat icon={<Users />} label={text.totalSeats} value={totalSeats} />
      <Stat icon={<CheckCircle2 />} label={text.activeTables} value={active} />
      <Stat icon={<Armchair />} label={text.averageSeats} value={average} />
    </ul>
  );
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
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

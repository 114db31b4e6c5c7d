import { Armchair, CheckCircle2, LayoutGrid, Users } from 'lucide-react';
import { tableMessages } from '@shared/staff-messages/tables';
import type { DiningTable } from '@shared/schemas/table';
import { StatCard } from '@web/components/ui/stat-card';

const text = tableMessages.tables;

/** Total tables, total seats, active tables and average seats per table (rounded). */
export function TableStats({ tables }: { tables: DiningTable[] }) {
  const totalSeats = tables.reduce((sum, table) => sum + table.seats, 0);
  const active = tables.filter((table) => table.isActive).length;
  const average = tables.length === 0 ? 0 : Math.round(totalSeats / tables.length);
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard icon={<LayoutGrid />} label={text.totalTables} value={tables.length} />
      <StatCard icon={<Users />} label={text.totalSeats} value={totalSeats} />
      <StatCard icon={<CheckCircle2 />} label={text.activeTables} value={active} />
      <StatCard icon={<Armchair />} label={text.averageSeats} value={average} />
    </ul>
  );
}

import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMessage } from '@shared/messages';
import { statisticsMessages } from '@shared/staff-messages/statistics';
import type { Statistics } from '@shared/schemas/statistics';
import { formatShortDate } from '@web/lib/format';
import { ChartPanel, type Column } from './chart-panel';
import { formatRate } from '@web/lib/format';

const text = statisticsMessages;

// Here rather than in web/lib/format.ts, which /admin's first screen loads: its texts are Estadísticas'.
const decimal = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });
/** Up to two days in hours ('25 h'), beyond that in days ('3,5 días'). */
function formatHours(hours: number): string {
  return hours < 48 ? formatMessage(text.hours, { value: decimal.format(hours) }) : formatMessage(text.days, { value: decimal.format(hours / 24) });
}
// The theme's brand colour and a dark neutral: SVG presentation attributes cannot read CSS variables.
const PRIMARY = '#b45309';
const SECONDARY = '#57534e';
const SLICES = [PRIMARY, SECONDARY];

type Day = Statistics['days'][number];
type Slot = Statistics['slots'][number];

const coverColumns = <Row extends { reservations: number; covers: number }>(first: Column<Row>): Column<Row>[] => [
  first,
  { header: text.reservations, cell: (row) => row.reservations },
  { header: text.covers, cell: (row) => row.covers },
];

/** A bar chart of one figure per category; animations off so the figures show at once. */
export function Bars({
  data,
  x,
  y,
  name,
  tick,
  domain,
}: {
  data: readonly object[];
  x: string;
  y: string;
  name: string;
  tick?: (value: string) => string;
  /** The value axis's ends, for a figure with decimals and a fixed scale (an average rating, 0-5). */
  domain?: [number, number];
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={[...data]} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey={x} tickFormatter={tick} fontSize={12} />
        <YAxis allowDecimals={domain !== undefined} domain={domain} fontSize={12} />
        <Tooltip labelFormatter={(label) => (tick ? tick(String(label)) : String(label))} />
        <Bar dataKey={y} name={name} fill={PRIMARY} maxBarSize={48} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export const dayTick = (date: string) => formatShortDate(date).slice(0, 5);

export function CoversPerDayChart({ days }: { days: readonly Day[] }) {
  return (
    <ChartPanel
      title={text.perDay}
      chart={<Bars data={days} x="date" y="covers" name={text.covers} tick={dayTick} />}
      rows={days}
      columns={coverColumns<Day>({ header: text.date, cell: (day) => formatShortDate(day.date) })}
    />
  );
}

export function CoversPerSlotChart({ slots }: { slots: readonly Slot[] }) {
  return (
    <ChartPanel
      title={text.perSlot}
      chart={<Bars data={slots} x="time" y="covers" name={text.covers} />}
      rows={slots}
      columns={coverColumns<Slot>({ header: text.slot, cell: (slot) => slot.time })}
    />
  );
}

export function LeadTimeChart({ leadTime }: { leadTime: Statistics['leadTime'] }) {
  const rows = leadTime.buckets.map(({ bucket, count }) => ({ label: text.buckets[bucket], count }));
  const empty = rows.every(({ count }) => count === 0);
  return (
    <ChartPanel
      title={text.leadTime}
      note={leadTime.medianHours === null ? undefined : formatMessage(text.leadMedian, { value: formatHours(leadTime.medianHours) })}
      chart={<Bars data={rows} x="label" y="count" name={text.count} />}
      rows={empty ? [] : rows}
      columns={[
        { header: text.bucket, cell: (row) => row.label },
        { header: text.count, cell: (row) => row.count },
      ]}
    />
  );
}

export function SourceChart({ sources }: { sources: Statistics['sources'] }) {
  const rows = sources.map(({ source, count }) => ({ label: text.sources[source], count }));
  return (
    <ChartPanel
      title={text.source}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie data={rows} dataKey="count" nameKey="label" outerRadius="75%" isAnimationActive={false}>
              {rows.map((row, index) => (
                <Cell key={row.label} fill={SLICES[index % SLICES.length]} />
              ))}
            </Pie>
            <Tooltip />
            <Legend />
          </PieChart>
        </ResponsiveContainer>
      }
      rows={rows.every(({ count }) => count === 0) ? [] : rows}
      columns={[
        { header: text.origin, cell: (row) => row.label },
        { header: text.count, cell: (row) => row.count },
      ]}
    />
  );
}

interface RateRow {
  label: string;
  count: number;
  /** 0-100, for the bars; null when there was nothing to divide by. */
  percent: number | null;
}

export function RatesChart({ noShows, cancellations }: Pick<Statistics, 'noShows' | 'cancellations'>) {
  const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);
  const rates: RateRow[] = [
    { label: text.noShowRate, count: noShows.count, percent: percent(noShows.rate) },
    { label: text.cancellationRate, count: cancellations.count, percent: percent(cancellations.rate) },
  ];
  const split: RateRow[] = [
    { label: text.byGuest, count: cancellations.byGuest, percent: null },
    { label: text.byStaff, count: cancellations.byStaff, percent: null },
    { label: text.unspecified, count: cancellations.unspecified, percent: null },
  ];
  const chart: ReactNode = (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={rates} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 16 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" domain={[0, 100]} unit=" %" fontSize={12} />
        <YAxis type="category" dataKey="label" width={110} fontSize={12} />
        <Tooltip formatter={(value) => `${String(value)} %`} />
        <Bar dataKey="percent" name={text.rate} fill={PRIMARY} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
  return (
    <ChartPanel
      title={text.rates}
      chart={chart}
      rows={[...rates, ...split]}
      columns={[
        { header: text.figure, cell: (row) => row.label },
        { header: text.count, cell: (row) => row.count },
        { header: text.rate, cell: (row) => (row.percent === null ? '' : formatRate(row.percent / 100)) },
      ]}
    />
  );
}

import { useId } from 'react';
import { formatCount } from '@shared/messages';
import { formatEuros } from '@shared/rules/money';
import type { GuestSpendStatistics } from '@shared/schemas/feedback-statistics';
import type { StatisticsQuery } from '@shared/schemas/statistics';
import { feedbackStatisticsTexts } from '@shared/staff-messages/feedback-statistics';
import { guestListMessages } from '@shared/staff-messages/guest-list';
import { statisticsMessages } from '@shared/staff-messages/statistics';
import { QueryState } from '@web/components/query-state';
import { Card } from '@web/components/ui/card';
import { useGuestSpend } from './api/get-feedback-statistics';
import { ChartPanel } from './chart-panel';
import { Bars } from './charts';
import { Figure, FiguresPanel } from './figure';
import { GuestOpener } from './guest-opener';

// Beside 'Ticket medio' (issue 47), loaded with it: the owner's question is who spends and which kind of guest does.
// The average per guest gives each guest one voice (a regular's ten dinners do not drown the rest); the top list
// names the guests worth looking after; the segments are the 'Clientes' list's.

const text = feedbackStatisticsTexts.spend;
const euros = (cents: number | null) => (cents === null ? statisticsMessages.noData : formatEuros(cents));

export function GuestSpendPanels({ range }: { range: StatisticsQuery }) {
  const spend = useGuestSpend(range);
  if (!spend.data) return <QueryState query={spend} />;
  const data = spend.data;
  if (data.guests === 0) return null;
  return (
    <div className="flex flex-col gap-4">
      <FiguresPanel title={text.perGuestTitle} columns="lg:grid-cols-2">
        <Figure label={text.perGuest} value={euros(data.averagePerGuestCents)} note={text.perGuestNote} />
        <Figure label={text.guests} value={String(data.guests)} />
      </FiguresPanel>
      <div className="grid gap-4 lg:grid-cols-2">
        <SegmentChart segments={data.segments} />
        <TopGuests top={data.top} />
      </div>
    </div>
  );
}

function SegmentChart({ segments }: { segments: GuestSpendStatistics['segments'] }) {
  const rows = segments.map((row) => ({ ...row, label: guestListMessages.segments[row.segment], euros: row.averageCents === null ? null : row.averageCents / 100 }));
  return (
    <ChartPanel
      title={text.bySegment}
      note={text.bySegmentNote}
      chart={<Bars data={rows} x="label" y="euros" name={text.averageTicket} />}
      rows={rows}
      columns={[
        { header: text.segment, cell: (row) => row.label },
        { header: text.segmentGuests, cell: (row) => row.guests },
        { header: text.billedVisits, cell: (row) => row.billedVisits },
        { header: text.averageTicket, cell: (row) => euros(row.averageCents) },
      ]}
    />
  );
}

function TopGuests({ top }: { top: GuestSpendStatistics['top'] }) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3 p-4">
      <div>
        <h3 id={headingId} className="font-semibold">
          {text.top}
        </h3>
        <p className="text-sm text-muted-foreground">{formatCount(top.length, text.topNoteOne, text.topNoteMany)}</p>
      </div>
      <div className="max-h-72 overflow-auto">
        <table className="w-full text-left text-sm tabular-nums">
          <caption className="sr-only">{text.top}</caption>
          <thead>
            <tr className="border-b">
              {[text.guest, text.billedVisits, text.total, text.averageTicket].map((header) => (
                <th key={header} scope="col" className="px-2 py-1 font-medium">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {top.map((guest) => (
              <tr key={guest.guestId} className="border-b last:border-0">
                <th scope="row" className="px-2 py-1 font-normal">
                  <GuestOpener guestId={guest.guestId} name={guest.name} label={feedbackStatisticsTexts.openGuest} />
                </th>
                <td className="px-2 py-1">{guest.billedVisits}</td>
                <td className="px-2 py-1">{formatEuros(guest.totalCents)}</td>
                <td className="px-2 py-1">{formatEuros(guest.averageCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

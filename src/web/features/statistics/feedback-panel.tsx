import { useId } from 'react';
import { formatMessage } from '@shared/messages';
import type { FeedbackStatistics } from '@shared/schemas/feedback-statistics';
import type { StatisticsQuery } from '@shared/schemas/statistics';
import { feedbackStatisticsTexts as text } from '@shared/staff-messages/feedback-statistics';
import { statisticsMessages } from '@shared/staff-messages/statistics';
import { QueryState } from '@web/components/query-state';
import { Card } from '@web/components/ui/card';
import { formatShortDate } from '@web/lib/format';
import { useFeedbackStatistics } from './api/get-feedback-statistics';
import { ChartPanel, type Column } from './chart-panel';
import { Bars, dayTick } from './charts';
import { FeedbackComments } from './feedback-comments';
import { Figure, FiguresPanel } from './figure';

// Estadísticas › 'Valoraciones' (issue 47): the guests' answers to the request after their visit, by the booking's
// date; the time split is 'Cubiertos por franja''s half-hour slots, so both read alike. Loaded in a chunk of its own.

const decimal = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2 });
export const formatRating = (average: number | null) =>
  average === null ? statisticsMessages.noData : formatMessage(text.outOfFive, { value: decimal.format(average) });

interface AverageRow {
  count: number;
  average: number | null;
}
const averageColumns = <Row extends AverageRow>(first: Column<Row>): Column<Row>[] => [
  first,
  { header: text.count, cell: (row) => row.count },
  { header: text.average, cell: (row) => (row.average === null ? '' : decimal.format(row.average)) },
];

export function FeedbackPanel({ range }: { range: StatisticsQuery }) {
  const feedback = useFeedbackStatistics(range);
  if (!feedback.data) return <QueryState query={feedback} />;
  const data = feedback.data;
  if (data.count === 0) return <EmptyFeedback />;
  return (
    <div className="flex flex-col gap-4">
      <FiguresPanel title={text.title} columns="lg:grid-cols-2">
        <Figure label={text.count} value={String(data.count)} note={formatMessage(text.withComment, { count: data.comments })} />
        <Figure label={text.average} value={formatRating(data.average)} />
      </FiguresPanel>
      <div className="grid gap-4 lg:grid-cols-2">
        <FeedbackCharts data={data} />
        <FeedbackComments range={range} />
      </div>
    </div>
  );
}

function FeedbackCharts({ data }: { data: FeedbackStatistics }) {
  const distribution = data.distribution.map((row) => ({ ...row, label: formatMessage(text.stars, { count: row.rating }) }));
  return (
    <>
      <ChartPanel
        title={text.perWeek}
        chart={<Bars data={data.weeks} x="week" y="average" name={text.average} tick={dayTick} domain={[0, 5]} />}
        rows={data.weeks}
        columns={averageColumns<FeedbackStatistics['weeks'][number]>({ header: text.week, cell: (row) => formatShortDate(row.week) })}
      />
      <ChartPanel
        title={text.perSlot}
        note={text.perSlotNote}
        chart={<Bars data={data.slots} x="time" y="average" name={text.average} domain={[0, 5]} />}
        rows={data.slots}
        columns={averageColumns<FeedbackStatistics['slots'][number]>({ header: text.slot, cell: (row) => row.time })}
      />
      <ChartPanel
        title={text.distribution}
        chart={<Bars data={distribution} x="label" y="count" name={text.answers} />}
        rows={distribution}
        columns={[
          { header: text.rating, cell: (row) => row.label },
          { header: text.answers, cell: (row) => row.count },
        ]}
      />
    </>
  );
}

function EmptyFeedback() {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="flex flex-col gap-2 p-4">
      <h3 id={headingId} className="font-semibold">
        {text.title}
      </h3>
      <p className="text-sm text-muted-foreground">{text.empty}</p>
    </Card>
  );
}

import { operatingHoursMessages } from '@shared/staff-messages/settings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { useOperatingHours } from '../api/get-operating-hours';
import { CopyHoursSection } from './copy-hours-section';
import { MondayExceptionsCard } from './monday-exceptions-card';
import { OperatingHoursDayRow } from './operating-hours-day-row';

const text = operatingHoursMessages;

/** Horarios (spec point 2): the seven weekdays, Sunday first, then the Mondays opened one by one. */
export function OperatingHoursPanel() {
  const hours = useOperatingHours();
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>{text.title}</h2>
          </CardTitle>
          <CardDescription>{text.breakHint}</CardDescription>
        </CardHeader>
        <CardContent>
          {hours.isPending ? (
            <Spinner className="text-muted-foreground" />
          ) : hours.error ? (
            <p role="alert" className="text-sm text-destructive">
              {text.loadError}: {errorMessage(hours.error)}
            </p>
          ) : (
            <>
              <CopyHoursSection days={hours.data} />
              <ul className="divide-y">
                {hours.data.map((day) => (
                  <OperatingHoursDayRow key={day.dayOfWeek} hours={day} />
                ))}
              </ul>
            </>
          )}
        </CardContent>
      </Card>
      <MondayExceptionsCard />
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { useGuestTexts } from '@web/lib/i18n/use-guest-texts';

/** Replaces the form when today's chosen time is paused (spec point 2, 'Paused-time behaviour'). */
export function PausedTimeCard({ onChooseAnother }: { onChooseAnother: () => void }) {
  const text = useGuestTexts().texts.reservation.pausedTime;
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The form the guest was in has gone: say so to keyboard and screen-reader users by moving focus here.
  useEffect(() => titleRef.current?.focus(), []);

  return (
    <Card
      role="region"
      aria-labelledby="paused-time-title"
      aria-describedby="paused-time-description"
      className="border-yellow-300 bg-yellow-50 shadow-none"
    >
      <CardHeader>
        <CardTitle ref={titleRef} id="paused-time-title" tabIndex={-1} className="outline-none">
          {text.title}
        </CardTitle>
        <CardDescription id="paused-time-description" className="text-yellow-950">
          {text.description}
        </CardDescription>
      </CardHeader>
      <CardFooter>
        <Button onClick={onChooseAnother} className="w-full sm:w-auto">
          {text.chooseAnother}
        </Button>
      </CardFooter>
    </Card>
  );
}

import { useContext, useEffect, useState } from 'react';
import { RenderTimeContext } from '@web/lib/render-time';
import { madridNowTime, madridToday } from '@shared/rules/madrid-time';

const CLOCK_TICK_MS = 60_000;

export interface MadridClock {
  /** 'yyyy-MM-dd' in Madrid. */
  today: string;
  /** 'HH:mm' in Madrid. */
  time: string;
}

function readClock(now = new Date()): MadridClock {
  return { today: madridToday(now), time: madridNowTime(now) };
}

/**
 * Spec point 9: the Madrid clock ticks every 60 s, so "today" moves on after midnight without a reload. It starts at
 * the page's render time (RenderTimeContext: the server's, for a page it rendered) and reads the browser's at mount.
 */
export function useMadridClock(): MadridClock {
  const renderTime = useContext(RenderTimeContext);
  const [clock, setClock] = useState(() => readClock(renderTime === null ? new Date() : new Date(renderTime)));
  useEffect(() => {
    const tick = () =>
      setClock((previous) => {
        const next = readClock();
        return next.today === previous.today && next.time === previous.time ? previous : next;
      });
    tick();
    const timer = setInterval(tick, CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return clock;
}

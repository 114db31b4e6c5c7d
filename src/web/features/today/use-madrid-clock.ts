import { useEffect, useState } from 'react';
import { madridNowTime, madridToday } from '@shared/rules/madrid-time';

const CLOCK_TICK_MS = 60_000;

export interface MadridClock {
  /** 'yyyy-MM-dd' in Madrid. */
  today: string;
  /** 'HH:mm' in Madrid. */
  time: string;
}

function readClock(): MadridClock {
  const now = new Date();
  return { today: madridToday(now), time: madridNowTime(now) };
}

/** Spec point 9: the Madrid clock ticks every 60 s, so "today" moves on after midnight without a reload. */
export function useMadridClock(): MadridClock {
  const [clock, setClock] = useState(readClock);
  useEffect(() => {
    const timer = setInterval(() => {
      setClock((previous) => {
        const next = readClock();
        return next.today === previous.today && next.time === previous.time ? previous : next;
      });
    }, CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return clock;
}

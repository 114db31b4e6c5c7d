// The guest side's first screen in Spanish (issue 26): the booking page's texts and those of every screen a guest
// reaches first, gathered from messages.ts (the spec's own texts stay there). In the Spanish first load.
import { messages } from '../messages.ts';
import type { Translation } from './translation.ts';

/** The texts of the booking page and every screen a guest reaches first: in the Spanish first load. */
export const firstScreenTextsEs = {
  common: messages.common,
  notFound: messages.notFound,
  landing: messages.landing,
  language: messages.language,
  widget: messages.widget,
  reservation: messages.reservation,
  cookies: messages.cookies,
  waitlist: messages.waitlist,
  botCheck: messages.botCheck,
  http: messages.http,
  reservationStatus: messages.reservationStatus,
  allergens: messages.allergens,
  pacing: {
    slotFullOption: messages.pacing.slotFullOption,
    slotFull: messages.pacing.slotFull,
    dayFull: messages.pacing.dayFull,
  },
};

export type FirstScreenTexts = Translation<typeof firstScreenTextsEs>;

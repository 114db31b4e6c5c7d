// Every guest page's texts in Spanish (issue 26): the first screen's and the private pages' (guest-messages/), the
// shape every other language's translation fills (translations/<language>.ts).
import { cardGuaranteeGuestMessages } from '../guest-messages/card-guarantee.ts';
import { feedbackMessages } from '../guest-messages/feedback.ts';
import { guestDataMessages } from '../guest-messages/guest-data.ts';
import { selfServiceMessages } from '../guest-messages/self-service.ts';
import { firstScreenTextsEs } from './first-screen-texts.ts';
import type { Translation } from './translation.ts';

/** Every guest page's texts in Spanish; the private pages' part loads with those pages. */
export const guestTextsEs = {
  ...firstScreenTextsEs,
  selfService: selfServiceMessages,
  guestData: guestDataMessages,
  cardGuarantee: cardGuaranteeGuestMessages,
  feedback: feedbackMessages,
};

export type GuestTexts = Translation<typeof guestTextsEs>;

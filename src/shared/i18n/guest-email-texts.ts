// What a guest's email says (issue 26), in Spanish: the staff-editable templates' defaults (spec point 3) and the
// fixed wording around them. Every other language translates this shape (translations/emails/<language>.ts).
import { restaurantConfigDefaults as defaults } from '../defaults.ts';
import { feedbackEmailMessages } from '../guest-messages/feedback.ts';
import { changeEmailMessages } from '../guest-messages/self-service.ts';
import { staffEmailMessages as email } from '../staff-messages/emails.ts';
import { guestPrivacyMessages } from '../staff-messages/guest-privacy.ts';
import type { Language } from './languages.ts';
import type { Translation } from './translation.ts';

/**
 * The texts staff write for guests, one per language: the email templates of Configuración › Mensajes (a {name} is
 * a reservation's value), the landing's welcome and the cancellation policy.
 */
export const TEMPLATE_KEYS = [
  'welcomeMessage',
  'cancellationPolicy',
  'welcomeEmailSubject',
  'welcomeEmailMessage',
  'confirmationMessage',
  'autoConfirmationMessage',
  'reminder24hSubject',
  'reminder24hMessage',
  'reminder2hSubject',
  'reminder2hMessage',
  'cancellationSubject',
  'cancellationMessage',
] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];

/** Staff's own wording of the templates in the other languages; a text not here is the shipped translation. */
export type TemplateTranslations = Partial<Record<Exclude<Language, 'es'>, Partial<Record<TemplateKey, string>>>>;

export const guestEmailTextsEs = {
  templates: Object.fromEntries(TEMPLATE_KEYS.map((key) => [key, defaults[key]])) as Record<TemplateKey, string>,
  headings: {
    welcome: email.headings.welcome,
    confirmed: email.headings.confirmed,
    cancelled: email.headings.cancelled,
    reminder: email.headings.reminder,
    modified: email.headings.modified,
    linkResent: email.headings.linkResent,
  },
  confirmedSubject: email.confirmedSubject,
  modifiedSubject: email.modifiedSubject,
  modifiedIntro: email.modifiedIntro,
  modifiedCalendar: email.modifiedCalendar,
  linkResentSubject: email.linkResentSubject,
  linkResentIntro: email.linkResentIntro,
  cancellationReason: email.cancellationReason,
  details: email.details,
  contactPhones: email.contactPhones,
  chatGreeting: email.chatGreeting,
  manageIntro: email.manageIntro,
  manageLabel: email.manageLabel,
  guestData: email.guestData,
  waitlist: email.waitlist,
  noShowCharge: email.noShowCharge,
  cardGuarantee: email.cardGuarantee,
  guaranteeLink: email.guaranteeLink,
  feedback: feedbackEmailMessages,
  /** The data export's readable summary: staff's download stays Spanish, the guest's copy is in their language. */
  exportSummary: guestPrivacyMessages.summary,
  change: changeEmailMessages,
};

export type GuestEmailTexts = Translation<typeof guestEmailTextsEs>;

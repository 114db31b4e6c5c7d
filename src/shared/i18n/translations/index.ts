// Every language's translation, for the server and the tests (the browser loads each one alone, on demand).
import type { GuestEmailTexts } from '../guest-email-texts.ts';
import type { GuestTexts } from '../guest-texts.ts';
import type { TranslatedLanguage } from '../languages.ts';
import caEmails from './emails/ca.ts';
import deEmails from './emails/de.ts';
import enEmails from './emails/en.ts';
import frEmails from './emails/fr.ts';
import itEmails from './emails/it.ts';
import ca from './ca.ts';
import de from './de.ts';
import en from './en.ts';
import fr from './fr.ts';
import it from './it.ts';

export const guestTextTranslations: Record<TranslatedLanguage, GuestTexts> = { en, ca, fr, de, it };
export const guestEmailTranslations: Record<TranslatedLanguage, GuestEmailTexts> = {
  en: enEmails,
  ca: caEmails,
  fr: frEmails,
  de: deEmails,
  it: itEmails,
};

// The emails of the guest's own data requests (issue 24), in the layout of every guest email.
import { formatText } from '@shared/i18n/format-text.ts';
import { DEFAULT_LANGUAGE, type Language } from '@shared/i18n/languages.ts';
import { DATA_ERASURE_PATH } from '@shared/routes.ts';
import { madridNowTime, madridToday } from '@shared/rules/madrid-time.ts';
import { formatLongDate } from '@shared/rules/templates.ts';
import type { erasureRequests, restaurantConfig } from '../../db/schema.ts';
import { guestEmailTexts } from '../../platform/guest-language.ts';
import { newLinkPlaceholder, type NewEmail } from '../../platform/outbox.ts';
import { renderEmail } from '../notifications/service.ts';

type Config = typeof restaurantConfig.$inferSelect;
/** The guest, written to in the language of the reservation they asked from (issue 26). */
interface Addressee {
  customerName: string;
  customerEmail: string;
  language?: Language;
}

const wording = (guest: Addressee) => {
  const language = guest.language ?? DEFAULT_LANGUAGE;
  return { language, m: guestEmailTexts(language).guestData };
};

/** 'Tus datos personales': the export as a JSON file and the readable summary, attached. */
export function exportEmail(config: Config, guest: Addressee, json: string, html: string): Omit<NewEmail, 'kind'> {
  const { language, m } = wording(guest);
  const files = { json: formatText(m.exportFileName, { format: 'json' }, language), html: formatText(m.exportFileName, { format: 'html' }, language) };
  const intro = formatText(m.exportIntro, { name: guest.customerName, restaurant: config.name, ...files }, language);
  const attachment = (filename: string, contentType: string, content: string) => ({
    filename,
    contentType,
    contentBase64: Buffer.from(content, 'utf8').toString('base64'),
  });
  return {
    to: guest.customerEmail,
    subject: formatText(m.exportSubject, { restaurant: config.name }, language),
    ...renderEmail(config, { heading: m.exportHeading, audience: 'guest', language, blocks: [{ kind: 'text', text: `${intro}\n\n${m.notYou}` }] }),
    attachments: [attachment(files.json, 'application/json', json), attachment(files.html, 'text/html; charset=utf-8', html)],
  };
}

/** 'Confirma el borrado de tus datos': the single-use link, its token minted at delivery (decision 012). */
export function erasureConfirmationEmail(
  config: Config,
  guest: Addressee,
  request: typeof erasureRequests.$inferSelect,
  publicUrl: URL,
): NewEmail {
  const { language, m } = wording(guest);
  const placeholder = newLinkPlaceholder();
  const intro = formatText(
    m.erasureIntro,
    { name: guest.customerName, date: formatLongDate(madridToday(request.expiresAt), language), time: madridNowTime(request.expiresAt) },
    language,
  );
  const erasurePage = `${DATA_ERASURE_PATH}${placeholder}${language === DEFAULT_LANGUAGE ? '' : `?lang=${language}`}`;
  const blocks = [
    { kind: 'text' as const, text: intro },
    { kind: 'link' as const, intro: m.erasureLinkIntro, label: m.erasureLinkLabel, url: new URL(erasurePage, publicUrl).toString() },
    { kind: 'text' as const, text: m.erasureIgnore },
  ];
  return {
    kind: 'data_erasure',
    to: guest.customerEmail,
    subject: formatText(m.erasureSubject, { restaurant: config.name }, language),
    ...renderEmail(config, { heading: m.erasureHeading, audience: 'guest', language, blocks }),
    link: { kind: 'data_erasure', requestId: request.id, placeholder },
  };
}

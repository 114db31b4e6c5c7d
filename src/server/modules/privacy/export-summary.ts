// The export as a person reads it (issue 24): one plain HTML page, every value escaped, no script, no style. Staff's
// download is in Spanish; the copy emailed to the guest in their language (issue 50, item 6).
import { formatText } from '@shared/i18n/format-text.ts';
import { DEFAULT_LANGUAGE, type Language } from '@shared/i18n/languages.ts';
import { madridNowTime, madridToday } from '@shared/rules/madrid-time.ts';
import { formatEuros } from '@shared/rules/money.ts';
import { formatLongDate } from '@shared/rules/templates.ts';
import { guestEmailTexts, guestTexts } from '../../platform/guest-language.ts';
import { escapeHtml } from '../../platform/html.ts';
import type { GuestExport } from './service.ts';

const CHANNEL_NAMES = { whatsapp: 'WhatsApp', sms: 'SMS' } as const;

/** The summary's words and formatters in one language. */
function wordsIn(language: Language) {
  const s = guestEmailTexts(language).exportSummary;
  const page = guestTexts(language);
  const longDate = (date: string) => formatLongDate(date, language);
  const at = (iso: string) => {
    const instant = new Date(iso);
    return `${longDate(madridToday(instant))}, ${madridNowTime(instant)}`;
  };
  const format = (template: string, values: Record<string, string | number>) => formatText(template, values, language);
  const line = (template: string, values: Record<string, string | number>) =>
    escapeHtml(format(template, Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]))));
  const allergenNames: Record<string, string> = page.allergens;
  return { s, page, longDate, at, format, line, allergenNames };
}
type Words = ReturnType<typeof wordsIn>;

const list = (items: string[], none: string) => (items.length ? `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>` : `<p>${escapeHtml(none)}</p>`);
const field = (label: string, value: string | null | undefined) => (value ? `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>` : '');

function feedbackFields(feedback: GuestExport['reservations'][number]['feedback'], { s, at, format }: Words): string {
  if (!feedback) return '';
  if (feedback.rating === null || feedback.answeredAt === null) return field(s.feedback, format(s.feedbackPending, { date: at(feedback.requestedAt) }));
  const value = format(s.feedbackValue, { rating: feedback.rating, date: at(feedback.answeredAt) });
  return field(s.feedback, feedback.comment ? `${value}: «${feedback.comment}»` : value);
}

export function exportSummaryHtml(file: GuestExport, restaurant: string, language: Language = DEFAULT_LANGUAGE): string {
  const words = wordsIn(language);
  const { s, page, longDate, at, format, line, allergenNames } = words;
  const exported = new Date(file.exportedAt);
  const title = line(s.title, { restaurant });
  const profile = `<dl>${[
    field(s.email, file.guest.email),
    field(s.phone, file.guest.phone),
    field(s.note, file.guest.note),
    field(s.tags, file.guest.tags.join(', ')),
    field(s.allergens, file.guest.allergens.map((code) => allergenNames[code] ?? code).join(', ')),
    field(s.since, at(file.guest.createdAt)),
    field(s.lastVisit, file.guest.figures.lastVisitOn && longDate(file.guest.figures.lastVisitOn)),
    field(s.spend, file.guest.figures.spendCents === null ? null : formatEuros(file.guest.figures.spendCents)),
    field(s.riskObjection, file.guest.riskObjection.at ? format(s.riskObjectedAt, { when: at(file.guest.riskObjection.at) }) : s.riskNotObjected),
    field(s.joinedProfiles, file.guest.joinedProfiles.map((joined) => [joined.name, joined.email, joined.phone].filter(Boolean).join(', ')).join('; ')),
  ].join('')}</dl><p>${line(s.figures, { ...file.guest.figures, name: '', firstVisitOn: '', lastVisitOn: '', spendCents: '' })}</p>`;
  const reservations = file.reservations.map(
    (booking) =>
      `${line(s.reservationLine, {
        date: longDate(booking.reservationDate),
        time: booking.reservationTime,
        people: booking.numberOfPeople,
        status: page.reservationStatus[booking.status],
      })}<dl>${field(s.name, booking.customerName)}${field(s.phone, booking.customerPhone)}${field(s.email, booking.customerEmail)}${field(s.notes, booking.notes)}${field(s.cancellationReason, booking.cancellationReason)}${field(s.bill, booking.billCents === null ? null : formatEuros(booking.billCents))}${feedbackFields(booking.feedback, words)}${field(s.noShowRisk, booking.noShowRisk && format(s.noShowRiskValue, { level: booking.noShowRisk.level, reasons: booking.noShowRisk.reasons.join(', ') }))}${field(s.changes, booking.changes.map((change) => `${at(change.at)} (${change.action})`).join('; '))}</dl>`,
  );
  const consents = file.consents.map((consent) => line(s.consentLine, { date: at(consent.at), version: consent.policyVersion, email: consent.email }));
  const messagingConsents = file.messagingConsents.map((consent) =>
    line(s.messagingConsentLine, { date: at(consent.at), text: consent.text, channel: CHANNEL_NAMES[consent.channel], phone: consent.phone, version: consent.textVersion }),
  );
  const policies = file.policyVersions.map(
    (policy) => `<h3>${escapeHtml(policy.label)}</h3>${policy.text.split('\n').map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('')}`,
  );
  const emails = file.emails.map((email) =>
    line(s.emailLine, { date: email.sentAt ? at(email.sentAt) : `${at(email.queuedAt)} (${s.notSent})`, subject: email.subject, to: email.to }),
  );
  const waitlist = file.waitlist.map((entry) =>
    line(s.waitlistLine, {
      date: longDate(entry.reservationDate),
      time: entry.timeFrom,
      people: entry.numberOfPeople,
      status: page.waitlist.statuses[entry.status],
    }),
  );
  return [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${title}</title></head><body>`,
    `<h1>${title}</h1>`,
    `<p>${line(s.intro, { restaurant, date: longDate(madridToday(exported)), time: madridNowTime(exported) })}</p>`,
    `<h2>${escapeHtml(s.profile)}</h2>${profile}`,
    `<h2>${escapeHtml(s.reservations)}</h2>${list(reservations, s.none)}`,
    `<h2>${escapeHtml(s.consents)}</h2>${list([...consents, ...messagingConsents], s.none)}`,
    ...(policies.length ? [`<h2>${escapeHtml(s.policyTexts)}</h2>`, ...policies] : []),
    `<h2>${escapeHtml(s.emails)}</h2>${list(emails, s.none)}`,
    `<h2>${escapeHtml(s.waitlist)}</h2>${list(waitlist, s.none)}`,
    '</body></html>',
  ].join('\n');
}

// One look for every email: the restaurant's name on a band of its brand colour, a heading, the body, a footer.
// Table-based with inline styles, since mail clients ignore most of CSS; every interpolated text is escaped.
import { restaurantConfigDefaults } from '@shared/defaults.ts';
import { formatText } from '@shared/i18n/format-text.ts';
import { DEFAULT_LANGUAGE, type Language } from '@shared/i18n/languages.ts';
import { guestEmailTexts } from '../../platform/guest-language.ts';
import { escapeHtml } from '../../platform/html.ts';
import { jsonLdScript } from '../../platform/json-ld.ts';

export interface EmailBrand {
  name: string;
  brandColor: string;
  contactPhone1: string | null;
  contactPhone2: string | null;
}

export type EmailBlock =
  /** Free text, such as a filled template: blank lines part paragraphs, single newlines break lines. */
  | { kind: 'text'; text: string }
  /** Label and value pairs (Nombre, Fecha …); the plain text shows one 'Label: value' per line. */
  | { kind: 'details'; rows: ReadonlyArray<readonly [string, string | number]> }
  /** A call to action: a button in HTML, 'label: url' in plain text. The url is built by the server, never typed. */
  | { kind: 'link'; intro: string; label: string; url: string }
  /** A data table; `text` is its plain-text rendering, which the caller words to suit. */
  | { kind: 'table'; headers: readonly string[]; rows: ReadonlyArray<ReadonlyArray<string | number>>; text: string };

export interface EmailContent {
  heading: string;
  /** Guest emails end with the restaurant's signature and, in HTML, its phones; staff emails need neither. */
  audience: 'guest' | 'staff';
  blocks: readonly EmailBlock[];
  /** The guest emails leave the heading to the subject; a report opens its plain text with it. */
  headingInText?: boolean;
  /** The guest's language (issue 26): the HTML's lang and the footer's wording; staff emails are Spanish. */
  language?: Language;
  /** schema.org markup for the HTML's head (reservation-markup.ts), which mail clients such as Gmail read. */
  structuredData?: Record<string, unknown> | null;
}

export interface RenderedEmail {
  html: string;
  text: string;
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** The colour goes into a style attribute, so anything but #RRGGBB falls back to the default. */
export function safeBrandColor(color: string): string {
  return HEX_COLOR.test(color) ? color : restaurantConfigDefaults.brandColor;
}

export function renderEmail(brand: EmailBrand, content: EmailContent): RenderedEmail {
  return { html: renderHtml(brand, content), text: renderText(brand, content) };
}

function renderText(brand: EmailBrand, content: EmailContent): string {
  const parts = content.blocks.map(blockText);
  if (content.headingInText) parts.unshift(content.heading);
  if (content.audience === 'guest') parts.push(brand.name);
  return parts.join('\n\n');
}

function blockText(block: EmailBlock): string {
  switch (block.kind) {
    case 'text':
      return block.text;
    case 'details':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 'link':
      return `${block.intro}\n${block.label}: ${block.url}`;
    case 'table':
      return block.text;
  }
}

const e = (value: string | number) => escapeHtml(String(value));

function renderHtml(brand: EmailBrand, content: EmailContent): string {
  const color = safeBrandColor(brand.brandColor);
  return `<!doctype html>
<html lang="${content.language ?? DEFAULT_LANGUAGE}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(content.heading)}</title>
${content.structuredData ? `${jsonLdScript(content.structuredData)}\n` : ''}</head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:640px;background:#ffffff;border-radius:8px">
<tr><td style="background:${color};color:#ffffff;padding:20px 24px;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">${e(brand.name)}</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:20px;color:${color}">${e(content.heading)}</h1>
${content.blocks.map((block) => blockHtml(block, color)).join('\n')}
</td></tr>
${content.audience === 'guest' ? footerHtml(brand, content.language ?? DEFAULT_LANGUAGE) : ''}
</table>
</td></tr>
</table>
</body>
</html>`;
}

function blockHtml(block: EmailBlock, color: string): string {
  switch (block.kind) {
    case 'text':
      return paragraphsHtml(block.text);
    case 'details':
      return detailsHtml(block.rows);
    case 'link':
      return linkHtml(block, color);
    case 'table':
      return tableHtml(block.headers, block.rows);
  }
}

function paragraphsHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p style="margin:0 0 12px">${paragraph.split('\n').map(e).join('<br>')}</p>`)
    .join('\n');
}

function detailsHtml(rows: ReadonlyArray<readonly [string, string | number]>): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 16px 4px 0;color:#6b7280;font-weight:normal;vertical-align:top">${e(label)}</th><td style="padding:4px 0">${e(value)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 16px;border-collapse:collapse">${cells}</table>`;
}

function linkHtml(block: { intro: string; label: string; url: string }, color: string): string {
  // Only http(s) links become buttons; anything else is shown as text.
  const safe = /^https?:\/\//i.test(block.url);
  const button = safe
    ? `<a href="${e(block.url)}" style="display:inline-block;background:${color};color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold">${e(block.label)}</a>`
    : e(block.url);
  return `${paragraphsHtml(block.intro)}\n<p style="margin:0 0 16px">${button}</p>`;
}

function tableHtml(headers: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  const head = headers.map((header) => `<th align="left" style="padding:6px 8px;border-bottom:2px solid #e5e7eb">${e(header)}</th>`).join('');
  const body = rows
    .map((row) => `<tr>${row.map((cell) => `<td style="padding:6px 8px;border-bottom:1px solid #e5e7eb">${e(cell)}</td>`).join('')}</tr>`)
    .join('');
  return `<table cellpadding="0" cellspacing="0" style="margin:8px 0 16px;border-collapse:collapse;font-size:13px;width:100%"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

function footerHtml(brand: EmailBrand, language: Language): string {
  const phones = [brand.contactPhone1, brand.contactPhone2].filter((phone): phone is string => Boolean(phone));
  const contact = guestEmailTexts(language).contactPhones;
  const lines = [brand.name, ...(phones.length ? [formatText(contact, { phones: phones.join(' · ') }, language)] : [])];
  return `<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;color:#6b7280;font-size:13px">${lines.map(e).join('<br>')}</td></tr>`;
}

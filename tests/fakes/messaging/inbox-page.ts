import { escapeHtml } from '../../../src/server/platform/html.ts';
import { digitsOf, type FakeMessagingStore, type GuestMessage, type SentMessage } from './store.ts';

/*
 * The fake's root page: what a guest's phone would show, for trying the flow by hand. Every message sent, grouped by
 * the guest's number, oldest first, with its statuses and the guest's answers; each message has a form to answer as
 * the guest (its quick-reply buttons, or a free text), which reaches Mesa as the provider's signed callback. Plain
 * HTML in Spanish, every value escaped, one narrow column that fits a phone.
 */

export const ANSWER_PATH = '/guest/answer';
export const READ_PATH = '/guest/read';

const STYLE = `
body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 0 auto; padding: 1rem; line-height: 1.4; color: #111 }
h1 { font-size: 1.4rem } h2 { font-size: 1.1rem; margin-top: 2rem; border-bottom: 1px solid #ccc }
article { border: 1px solid #ccc; border-radius: .5rem; padding: .75rem; margin: .75rem 0; overflow-wrap: anywhere }
article.guest { background: #e7f6e7; margin-left: 2rem }
.meta { color: #555; font-size: .85rem } pre { white-space: pre-wrap; font: inherit; margin: .5rem 0 }
form { display: flex; flex-wrap: wrap; gap: .5rem; margin-top: .5rem }
input[type=text] { flex: 1 1 12rem; min-width: 0; padding: .5rem; font: inherit }
button { padding: .5rem .75rem; font: inherit; min-height: 2.75rem }
`;

const CHANNEL = { whatsapp: 'WhatsApp', sms: 'SMS' } as const;

function time(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ') + ' UTC';
}

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
}

function content(message: SentMessage): string {
  if (message.template === null) return `<pre>${escapeHtml(message.text ?? '')}</pre>`;
  const { name, language, bodyParameters } = message.template;
  const parameters = bodyParameters.map((value, index) => `<li>{{${index + 1}}} = ${escapeHtml(value)}</li>`).join('');
  return `<p>Plantilla <strong>${escapeHtml(name)}</strong> (${escapeHtml(language)})</p>${parameters === '' ? '' : `<ol class="parameters">${parameters}</ol>`}`;
}

function statuses(message: SentMessage): string {
  if (message.statuses.length === 0) return '<p class="meta">Sin estados todavía</p>';
  const items = message.statuses.map((each) => `${escapeHtml(each.status)}${each.errorCode === undefined ? '' : ` (error ${each.errorCode})`} · ${time(each.at)}`);
  return `<p class="meta">Estados: ${items.join(' → ')}</p>`;
}

function answerForm(message: SentMessage): string {
  const buttons = (message.template?.buttons ?? []).map((button) => `<button type="submit" name="button" value="${escapeHtml(button.payload)}">${escapeHtml(button.text)}</button>`).join('');
  const read = message.channel === 'whatsapp' ? `<form method="post" action="${READ_PATH}">${hidden('message', message.id)}<button type="submit">Marcar como leído</button></form>` : '';
  return `<form method="post" action="${ANSWER_PATH}">${hidden('message', message.id)}${buttons}</form>
<form method="post" action="${ANSWER_PATH}">${hidden('message', message.id)}<label class="meta" for="t-${anchor(message.id)}">Responder como el cliente</label>
<input type="text" id="t-${anchor(message.id)}" name="text" required maxlength="1600" autocomplete="off"><button type="submit">Enviar respuesta</button></form>${read}`;
}

function sentArticle(message: SentMessage): string {
  return `<article id="${anchor(message.id)}" data-message="${escapeHtml(message.id)}">
<p class="meta">${CHANNEL[message.channel]} de ${escapeHtml(message.from)} · ${time(message.sentAt)}</p>
${content(message)}
${statuses(message)}
${answerForm(message)}
</article>`;
}

function guestArticle(message: GuestMessage): string {
  const button = message.button === null ? '' : ' (botón)';
  return `<article class="guest" data-guest-message="${escapeHtml(message.id)}"><p class="meta">Respuesta del cliente por ${CHANNEL[message.channel]}${button} · ${time(message.at)}</p><pre>${escapeHtml(message.text)}</pre></article>`;
}

/** An id attribute from a message id (wamid.… carries '+', '/' and '='). */
export function anchor(messageId: string): string {
  return `m-${Buffer.from(messageId).toString('hex').slice(-40)}`;
}

export function inboxPage(store: FakeMessagingStore): string {
  const numbers = new Map<string, { number: string; items: { at: number; html: string }[] }>();
  const add = (number: string, at: number, html: string) => {
    const key = digitsOf(number);
    const group = numbers.get(key) ?? { number, items: [] };
    group.items.push({ at, html });
    numbers.set(key, group);
  };
  for (const message of store.sent) add(message.to, message.sentAt, sentArticle(message));
  for (const message of store.received) add(message.from, message.at, guestArticle(message));
  const groups = [...numbers.values()]
    .map((group) => `<section><h2>${escapeHtml(group.number)}</h2>${group.items.sort((a, b) => a.at - b.at).map((item) => item.html).join('\n')}</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Mensajes de prueba</title><style>${STYLE}</style></head>
<body>
<h1>Mensajes de prueba (WhatsApp y SMS)</h1>
<p class="meta">Nada sale de esta máquina. Las respuestas llegan a Mesa firmadas como las del proveedor.</p>
${groups === '' ? '<p>Todavía no se ha enviado ningún mensaje.</p>' : groups}
</body>
</html>`;
}

import type Stripe from 'stripe';

/*
 * The hosted Checkout page at a session's `url`: plain HTML in Spanish, every value escaped. Each button is a
 * form POST back to the same path; the server completes or abandons the session and redirects like Stripe. In
 * payment mode (a charge the guest approves on-session) the amount is the session's total.
 */

/** Setup-mode sessions charge nothing; Mesa may name the guarantee's amount (in cents) in this metadata key. */
export const AMOUNT_METADATA_KEY = 'amount';

export type PageChoice = 'pay' | 'pay_authentication_required' | 'cancel';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function formatEuros(cents: number, currency: string | null): string {
  return new Intl.NumberFormat('es-ES', { style: 'currency', currency: (currency ?? 'eur').toUpperCase() }).format(cents / 100);
}

function headline(session: Stripe.Checkout.Session): string {
  if (session.amount_total !== null) return formatEuros(session.amount_total, session.currency);
  const fromMetadata = session.metadata?.[AMOUNT_METADATA_KEY];
  if (fromMetadata !== undefined && /^\d+$/.test(fromMetadata)) return formatEuros(Number(fromMetadata), session.currency);
  return 'Guardar tarjeta';
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem">
${body}
</body>
</html>`;
}

export function checkoutPage(session: Stripe.Checkout.Session): string {
  if (session.status === 'expired') {
    return layout('Sesión caducada', '<h1>Esta sesión de pago ha caducado</h1><p>Vuelve a la página de reserva para empezar de nuevo.</p>');
  }
  if (session.status === 'complete') {
    return layout('Pago completado', '<h1>Esta sesión de pago ya está completada</h1>');
  }
  const action = `/pay/${encodeURIComponent(session.id)}`;
  const button = (choice: PageChoice, label: string) =>
    `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="choice" value="${choice}"><button type="submit">${escapeHtml(label)}</button></form>`;
  return layout(
    'Pago de prueba',
    `<h1>Pago de prueba</h1>
<p>Importe: <strong data-amount>${escapeHtml(headline(session))}</strong></p>
<p>Tarjeta de prueba: Visa •••• 4242. Ningún cargo es real.</p>
${button('pay', 'Pagar (prueba)')}
${session.mode === 'setup' ? button('pay_authentication_required', 'Pagar con tarjeta que pide autenticación (prueba)') : ''}
${button('cancel', 'Cancelar')}`,
  );
}

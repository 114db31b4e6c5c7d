// What the host stand's rows show of a card guarantee and its charge (issue 45, item 4): part of /admin's first
// screen, so kept to these few words. The rest is in charges.ts.

export const chargeBadgeMessages = {
  guarantee: 'Tarjeta en garantía',
  linkSent: 'Enlace de garantía enviado',
  /** The card's button (issue 45, item 7); its dialog's texts are in guarantee-link.ts. */
  sendLink: 'Enviar enlace de garantía',
  processing: 'Cobrando…',
  charged: 'Cobrado {amount}',
  refunded: 'Reembolsado {amount}',
  pending: 'Pendiente de autorización',
  failed: 'Cobro fallido: {reason}',
} as const;

// What the host stand's rows and the reservation card show of a card guarantee and its charge (issue 45, item 4):
// part of /admin's first screen, so kept to these few words. The dialogs' texts are in charges.ts.

export const chargeBadgeMessages = {
  guarantee: 'Tarjeta en garantía',
  charge: 'Cobrar no-show',
  refund: 'Reembolsar',
  processing: 'Cobrando…',
  charged: 'Cobrado {amount}',
  refunded: 'Reembolsado {amount}',
  pending: 'Pendiente de autorización',
  failed: 'Cobro fallido: {reason}',
  /** The change log's heading and fields for a payment line. */
  logHeading: 'Pago',
  logFields: { noShowCharge: 'Cobro de no-show', noShowRefund: 'Reembolso' },
} as const;

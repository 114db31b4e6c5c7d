// Texts of 'Enviar enlace de garantía' (issue 45, item 7): staff ask a card for a booking already made, by email.
// The server's answers, the change log's lines, and the card's button and dialog (loaded with the dialog's chunk).

export const guaranteeLinkMessages = {
  errors: {
    off: 'La garantía con tarjeta está desactivada. Actívala en Configuración › Garantía con tarjeta.',
    notActive: 'Solo se puede pedir la tarjeta de una reserva pendiente o confirmada.',
    past: 'Esta reserva ya ha pasado.',
    noEmail: 'Esta reserva no tiene email: no hay adónde enviar el enlace.',
    cardSaved: 'Esta reserva ya tiene una tarjeta en garantía.',
    notNeeded:
      'Según las reglas de Garantía con tarjeta, esta reserva no necesita tarjeta (por el número de personas, el día o la hora). Cambia las reglas si quieres pedirla.',
  },
  /** Why a link's hold ended, as the hold keeps it. */
  replaced: 'Sustituido por un enlace nuevo',
  reservationGone: 'La reserva ya no estaba activa cuando se guardó la tarjeta',
  reservationEnded: 'La reserva dejó de estar pendiente o confirmada',
  alreadySaved: 'La reserva ya tenía una tarjeta en garantía',
  /** The change log's lines (their fields are in charges.ts' logFields). */
  log: {
    sent: 'Enviado a {email}, válido hasta el {until}',
    saved: 'Guardada por el cliente{card}',
  },
  dialog: {
    title: 'Enviar enlace de garantía',
    description:
      'Enviaremos a {email} un enlace para guardar una tarjeta en una página segura de Stripe: {amount} por persona ({total} en total) si no viene o cancela tarde. No se cobra nada ahora. El enlace sirve 24 horas (o hasta la hora de la reserva, si es antes).',
    replaces: 'Ya se envió un enlace: el anterior dejará de servir.',
    submit: 'Enviar enlace',
    cancel: 'Cancelar',
  },
  sent: 'Enlace de garantía enviado',
  failed: 'No se ha podido enviar el enlace de garantía',
};

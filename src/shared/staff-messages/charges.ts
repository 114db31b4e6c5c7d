// Texts of staff's no-show charges and refunds (issue 45, item 4): the server's answers, the change log's lines and
// the card's buttons and dialogs, loaded with the card's chunk. What the rows of the first screen show is in
// charges-badges.ts.

export const chargeMessages = {
  errors: {
    notConnected: 'Los pagos no están conectados. El propietario puede conectar Stripe en Configuración › Pagos.',
    notNoShow: 'Solo se puede cobrar a una reserva marcada como «No vino» o cancelada por el cliente fuera de plazo.',
    noCard: 'Esta reserva no tiene una tarjeta en garantía.',
    alreadyCharged: 'Esta reserva ya se ha cobrado.',
    tooManyPeople: 'Elige entre 1 y {max} personas.',
    chargeNotFound: 'Ese cobro no existe.',
    notRefundable: 'Solo se puede reembolsar un cobro hecho.',
    alreadyRefunded: 'Este cobro ya se ha reembolsado.',
  },
  /** What the guest's bank statement and the provider's dashboard show. */
  description: 'No-show del {date} a las {time}: {people} de {party} personas',
  lateCancellationDescription: 'Cancelación tardía del {date} a las {time}: {people} de {party} personas',
  /** The reservation card's buttons. */
  actions: { charge: 'Cobrar no-show', chargeLateCancellation: 'Cobrar cancelación tardía', refund: 'Reembolsar' },
  /** The change log's heading and fields for a payment line ('Historial de cambios'). */
  logHeading: 'Pago',
  logFields: { noShowCharge: 'Cobro de no-show', noShowRefund: 'Reembolso', guaranteeLink: 'Enlace de garantía', cardGuarantee: 'Tarjeta en garantía' },
  /** The change log's lines, as the server writes them. */
  log: {
    charged: '{amount} ({people} de {party} personas)',
    pending: 'Pendiente de autorización: {amount} ({people} de {party} personas)',
    failed: 'Rechazado: {amount} ({people} de {party} personas). {reason}',
    refunded: '{amount}',
  },
  chargeDialog: {
    title: 'Cobrar no-show',
    perPerson: 'La tarjeta en garantía ({card}) responde por {amount} por persona que no viene.',
    perPersonNoLabel: 'La tarjeta en garantía responde por {amount} por persona que no viene.',
    people: '¿Cuántas personas no vinieron?',
    peopleHint: 'De {party} personas de la reserva.',
    total: 'Total: {amount}',
    irreversible: 'Un cobro no se puede deshacer: solo se puede reembolsar después.',
    submit: 'Cobrar {amount}',
    keep: 'No cobrar',
    charged: 'No-show cobrado: {amount}.',
    /** The same dialog for a guest's cancellation after the free-cancellation limit. */
    lateCancellation: {
      title: 'Cobrar cancelación tardía',
      perPerson: 'Canceló fuera de plazo. La tarjeta en garantía ({card}) responde por {amount} por persona.',
      perPersonNoLabel: 'Canceló fuera de plazo. La tarjeta en garantía responde por {amount} por persona.',
      people: '¿Por cuántas personas cobras?',
      charged: 'Cancelación tardía cobrada: {amount}.',
    },
    pending: 'El banco del cliente debe autorizar el cobro: queda pendiente de autorización y, si tiene email, le enviamos un enlace para aprobarlo.',
    failed: 'No se ha podido cobrar',
  },
  refundDialog: {
    title: 'Reembolsar',
    description: 'Se devolverán {amount} a la tarjeta de {name}. El reembolso no se puede deshacer.',
    afterArrival: 'Has marcado que {name} llegó, pero su no-show ya se cobró ({amount}). ¿Lo reembolsas ahora?',
    submit: 'Reembolsar {amount}',
    keep: 'No reembolsar',
    refunded: 'Reembolsado: {amount}.',
    failed: 'No se ha podido reembolsar',
  },
} as const;

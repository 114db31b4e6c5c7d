// The guest's private page (/reserva/:token): the texts only that page loads.

/** The guest's private page behind the link in every guest email (issue 11). */
export const selfServiceMessages = {
  title: 'Tu reserva',
  loading: 'Cargando tu reserva...',
  notFound: 'No encontramos esta reserva. Revisa que el enlace esté completo.',
  loadFailed: 'No se pudo cargar la reserva.',
  date: 'Fecha',
  time: 'Hora',
  people: 'Personas',
  status: 'Estado',
  cancelledByGuest: 'Cancelada por ti',
  /** A booking a change of the guest's replaced (issue 50): confirmed in its place, or a newer request sent instead. */
  replacedByChange: 'Sustituida por tu cambio',
  policyTitle: 'Política de cancelación',
  cancelUntil: 'Puedes cancelarla hasta el {date} a las {time}.',
  cancelClosed: 'El plazo para cancelar en línea terminó el {date} a las {time}. Si necesitas cancelarla, llámanos.',
  cancel: 'Cancelar reserva',
  cancelTitle: '¿Cancelar la reserva?',
  cancelDescription: 'La reserva quedará cancelada y la mesa se liberará. Esta acción no se puede deshacer.',
  cancelConfirm: 'Sí, cancelar',
  cancelKeep: 'No, mantenerla',
  /** The card saved as the booking's guarantee (issue 45) and what cancelling does to it. */
  guarantee: {
    cardSaved: 'Tu tarjeta {card} está guardada como garantía. No se te ha cobrado nada.',
    cardSavedUnnamed: 'Tu tarjeta está guardada como garantía. No se te ha cobrado nada.',
    freeUntil:
      'Puedes cancelar gratis hasta el {date} a las {time}. Después, o si no vienes, el restaurante puede cobrarte {amount} por persona ({total} en total).',
    freeEnded:
      'La cancelación gratuita terminó el {date} a las {time}. Si cancelas ahora, o si no vienes, el restaurante puede cobrarte {amount} por persona ({total} en total).',
    /** No free cancellation at all (0 hours): any cancellation may be charged. */
    noFreeCancellation: 'Si cancelas o no vienes, el restaurante puede cobrarte {amount} por persona ({total} en total).',
    cancelReleases: 'Liberaremos tu tarjeta: no se te cobrará nada.',
    cancelMayCharge: 'Si cancelas ahora, el restaurante puede cobrarte {total}.',
  },
  cancelled: 'Reserva cancelada',
  change: 'Cambiar fecha u hora',
  changeIntro:
    'Enviaremos una nueva solicitud con la fecha y hora que elijas (sustituye a la que tuvieras pendiente). Tu reserva actual se mantiene hasta que el restaurante responda.',
  changeSubmit: 'Solicitar cambio',
  changeSent: 'Solicitud de cambio enviada',
  changeSentDetail: 'Te enviaremos un email cuando el restaurante la revise.',
  /** 'Confirmación automática' confirmed the change at once (issue 50). */
  changeConfirmed: 'Cambio confirmado',
  changeConfirmedDetail: 'Tu nueva reserva ya está confirmada y sustituye a esta.',
  calendar: 'Añadir al calendario',
  contact: 'Contacto',
  replacesNote: 'Cambio solicitado por el cliente desde la reserva del {date} a las {time}.',
  cancelledReason: 'Cancelada por el cliente',
  supersededReason: 'Sustituida por otra solicitud de cambio del cliente.',
  replacedReason: 'Sustituida por el cambio al {date} a las {time}, confirmado por el restaurante.',
  pushCancelledTitle: 'Reserva cancelada por el cliente',
  icsSummary: 'Reserva en {restaurant}',
  icsDescription: '{people} personas a nombre de {name}.',
  errors: {
    notFound: 'No encontramos esta reserva. Revisa que el enlace esté completo.',
    alreadyCancelled: 'Esta reserva ya está cancelada.',
    notCancellable: 'Esta reserva ya no se puede cancelar.',
    deadlinePassed: 'El plazo para cancelar esta reserva en línea ha terminado. Llama al restaurante, por favor.',
    notChangeable: 'Esta reserva ya no se puede cambiar.',
  },
} as const;

/** What the emails about a guest's change say of the booking it replaces (issue 50), by the change's state. */
export const changeEmailMessages = {
  pending:
    'Esta solicitud sustituye a tu reserva del {date} a las {time} ({people, plural, one {# persona} other {# personas}}), que se mantiene hasta que el restaurante responda.',
  confirmed:
    'Esta reserva sustituye a la que tenías el {date} a las {time} ({people, plural, one {# persona} other {# personas}}): esa queda anulada y no tienes que cancelarla.',
} as const;

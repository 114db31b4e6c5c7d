// The page a guest comes back to from the payment provider (issue 45), and the booking's errors about the card.

export const cardGuaranteeGuestMessages = {
  title: 'Garantía con tarjeta',
  checking: 'Comprobando tu tarjeta...',
  bookedConfirmed: '¡Tarjeta guardada! Tu reserva está confirmada. Te hemos enviado los detalles por email.',
  bookedPending: '¡Tarjeta guardada! Tu solicitud de reserva está pendiente de confirmación: te avisaremos por email.',
  open: 'Todavía no has guardado la tarjeta. Te guardamos la mesa hasta las {time}.',
  backToCheckout: 'Volver a la página de pago',
  cancelRequest: 'Cancelar la solicitud',
  cancelled: 'Has cancelado la solicitud. No se ha guardado ninguna tarjeta ni se ha hecho la reserva.',
  ended: 'El tiempo para guardar la tarjeta ha terminado y la mesa se ha liberado. Puedes volver a reservar si sigue libre.',
  refused:
    'Lo sentimos: la mesa ya no estaba libre cuando guardaste la tarjeta. No se ha hecho la reserva y hemos liberado tu tarjeta: no se te cobrará nada.',
  bookAgain: 'Volver a reservar',
  /** The guarantee link staff send for a booking already made (issue 45, item 7). */
  link: {
    saveCard: 'Guardar mi tarjeta',
    waiting: 'Puedes guardar la tarjeta hasta el {until}.',
    saved: '¡Tarjeta guardada! Tu reserva queda garantizada. No se ha cobrado nada.',
    notSaved: 'Todavía no has guardado la tarjeta. Vuelve a abrir el enlace de tu email para hacerlo.',
    ended: 'Este enlace ya no sirve. Si quieres dejar la tarjeta, pide al restaurante un enlace nuevo.',
    refused: 'Tu reserva ya no está activa, así que no hemos guardado tu tarjeta: no se te cobrará nada.',
    unavailable: 'No hemos podido abrir la página de pago segura. Tu reserva sigue igual: inténtalo de nuevo en unos minutos.',
  },
  /** The approval link of a no-show charge the guest's bank held back, and the return from its payment page (issue 45, item 4). */
  noShowCharge: {
    title: 'Cargo por no presentarte',
    opening: 'Abriendo la página de pago segura...',
    settled: 'No tienes nada pendiente de pagar por esta reserva.',
    seeReservation: 'Ver mi reserva',
    tryAgain: 'Volver a intentarlo',
    checking: 'Comprobando tu pago...',
    paid: 'Pago recibido: se han cobrado {amount}. Gracias.',
    processing: 'Tu pago de {amount} se está procesando. Vuelve a mirar esta página en unos minutos.',
    notPaid: 'No se ha completado el pago. Si quieres pagar, vuelve a abrir el enlace de tu email.',
  },
  errors: {
    unavailable:
      'No hemos podido abrir la página de pago segura. No se ha hecho ninguna reserva: inténtalo de nuevo en unos minutos.',
    notFound: 'Este enlace no es válido. Revisa que esté completo.',
    approvalUnavailable: 'No hemos podido abrir la página de pago segura. Inténtalo de nuevo en unos minutos.',
  },
};

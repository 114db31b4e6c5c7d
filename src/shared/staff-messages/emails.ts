// The fixed wording of staff and guest emails: server only. Same conventions as staff-messages.ts.

/** The fixed wording of the emails around the owner's templates. */
export const staffEmailMessages = {
  headings: {
    welcome: 'Solicitud de reserva recibida',
    confirmed: 'Reserva confirmada',
    cancelled: 'Reserva cancelada',
    reminder: 'Recordatorio de tu reserva',
    staffNewReservation: 'Nueva reserva',
    modified: 'Reserva modificada',
    linkResent: 'El enlace de tu reserva',
  },
  /** The guest's own data requests from the private page (issue 24). */
  guestData: {
    exportSubject: 'Tus datos personales en {restaurant}',
    exportHeading: 'Tus datos personales',
    exportIntro:
      'Hola, {name}: como pediste desde tu reserva, te enviamos todo lo que {restaurant} guarda sobre ti en dos archivos adjuntos: {json}, completo, y {html}, un resumen para leer en el navegador.',
    notYou: 'Si no lo has pedido tú, llámanos.',
    exportFileName: 'mis-datos.{format}',
    erasureSubject: 'Confirma el borrado de tus datos en {restaurant}',
    erasureHeading: 'Confirma el borrado de tus datos',
    erasureIntro:
      'Hola, {name}: has pedido desde tu reserva que borremos tus datos personales. Nada se borra hasta que lo confirmes con este enlace, que sirve una vez y caduca el {date} a las {time}.',
    erasureLinkIntro: 'Para confirmar el borrado:',
    erasureLinkLabel: 'Borrar mis datos',
    erasureIgnore: 'Si no lo has pedido tú, ignora este email: no se borrará nada.',
  },
  waitlist: {
    joinedSubject: 'Lista de espera · {restaurant}',
    joinedHeading: 'Estás en la lista de espera',
    joinedIntro: 'Hola {name}, te hemos apuntado a la lista de espera de {restaurant}. Si se libera una mesa para tu grupo, te escribiremos con un enlace para aceptarla.',
    leaveIntro: 'Si ya no la necesitas, puedes salir de la lista:',
    leaveLabel: 'Ver o salir de la lista de espera',
    offerSubject: 'Mesa disponible · {restaurant}',
    offerHeading: 'Se ha liberado una mesa',
    offerIntro: 'Hola {name}, se ha liberado una mesa en {restaurant} para tu grupo. Te la guardamos {minutes} minutos, hasta las {until} (hora de Madrid); después se ofrecerá a la siguiente persona de la lista.',
    offerLinkIntro: 'Para reservarla, acéptala aquí:',
    offerLabel: 'Aceptar la mesa',
    expiredSubject: 'Oferta caducada · {restaurant}',
    expiredHeading: 'Tu oferta ha caducado',
    expiredIntro: 'Hola {name}, el tiempo para aceptar la mesa que te guardamos en {restaurant} ha terminado y se ha ofrecido a la siguiente persona de la lista.',
    expiredLinkIntro: 'Si aún quieres venir ese día, mira si quedan mesas libres:',
    expiredLabel: 'Ver mesas libres',
  },
  /** A no-show fee the guest's bank asked them to approve (issue 45, item 4): the link opens the payment page. */
  noShowCharge: {
    subject: 'Aprueba el cargo por no presentarte · {restaurant}',
    heading: 'Tu banco pide que apruebes un cargo',
    intro:
      'Hola {name}: no viniste a tu reserva en {restaurant} del {date} a las {time}. Según la política de cancelación del restaurante, te cobramos la penalización por no presentarte: {amount} por {people, plural, one {# persona} other {# personas}}.',
    bank: 'Tu banco pide que apruebes este cargo antes de hacerlo.',
    linkIntro: 'Apruébalo en la página de pago segura:',
    linkLabel: 'Aprobar el pago de {amount}',
    questions: 'Si tienes alguna duda, responde a este email o llama al restaurante.',
  },
  /**
   * The card guarantee (issue 45): the block every email about a booking with a saved card carries ({card} is
   * ' (Visa ···· 4242)' or empty), and the email when a booking waiting for its card was not made.
   */
  cardGuarantee: {
    policy:
      'Tu tarjeta{card} queda guardada como garantía; no se ha cobrado nada. Puedes cancelar gratis hasta el {date} a las {time}. Después, o si no vienes, el restaurante puede cobrar {amount} por persona ({total} en total).',
    policyNoFreeCancellation:
      'Tu tarjeta{card} queda guardada como garantía; no se ha cobrado nada. Si cancelas o no vienes, el restaurante puede cobrar {amount} por persona ({total} en total).',
    released: 'Hemos liberado la tarjeta que dejaste como garantía: no se te cobrará nada.',
    notBookedSubject: 'Tu reserva no se ha hecho · {restaurant}',
    notBookedHeading: 'Reserva no realizada',
    notBookedIntro: 'Hola {name}, esta es la reserva que pediste en {restaurant}:',
  },
  /** Staff's 'Enviar enlace de garantía' (issue 45, item 7): a card asked for a booking already made. */
  guaranteeLink: {
    subject: 'Garantía con tarjeta para tu reserva · {restaurant}',
    heading: 'Garantía con tarjeta',
    intro: 'Hola {name}, para tu reserva en {restaurant} te pedimos una tarjeta como garantía.',
    linkIntro: 'Guárdala en este enlace, que sirve hasta el {until}:',
    label: 'Guardar mi tarjeta',
  },
  confirmedSubject: 'Reserva confirmada · {restaurant}',
  modifiedSubject: 'Reserva modificada · {restaurant}',
  modifiedIntro: 'Hola {name}, hemos modificado tu reserva en {restaurant}. Estos son los datos nuevos:',
  /** The guest's private link again, after a second request for the same stay (issue 41, decision 032). */
  linkResentSubject: 'El enlace de tu reserva · {restaurant}',
  linkResentIntro: 'Hola {name}, hemos recibido otra solicitud de reserva con tus datos para ese día. Ya tienes esta reserva:',
  modifiedCalendar: 'El archivo adjunto actualiza la reserva en tu calendario.',
  staffSubject: 'Nueva reserva: {name}, {when}',
  /** The hourly summary of new requests (issue 52, decision 067). */
  newRequestSummary: {
    subjectOne: '1 solicitud de reserva nueva',
    subjectMany: '{count} solicitudes de reserva nuevas',
    heading: 'Solicitudes de reserva nuevas',
    introOne: 'Ha llegado 1 solicitud hasta el {until}:',
    introMany: 'Han llegado {count} solicitudes hasta el {until}:',
    columns: ['Recibida', 'Reserva', 'Nombre', 'Personas', 'Estado', 'Teléfono'],
  },
  staffIntro: 'Nueva solicitud de reserva ({status}).',
  staffStatusConfirmed: 'confirmada automáticamente',
  staffStatusPending: 'pendiente de confirmar',
  staffManage: 'Gestiónala en {url}',
  cancellationReason: 'Motivo: {reason}',
  details: {
    name: 'Nombre',
    date: 'Fecha',
    time: 'Hora',
    people: 'Personas',
    phone: 'Teléfono',
    email: 'Email',
    note: 'Nota',
  },
  contactPhones: 'Teléfono: {phones}',
  /** The first words of a WhatsApp chat staff open from a booking (issue 46, item 5), in the guest's language. */
  chatGreeting: 'Hola, {name}: te escribimos de {restaurant} por tu reserva del {date} a las {time}.',
  manageIntro: 'Consulta, cancela o cambia tu reserva en tu enlace privado:',
  manageLabel: 'Gestionar mi reserva',
  testSubjectPrefix: '[Prueba] ',
  /** A staff push about one reservation: who, when, how many. */
  pushReservationLine: '{name} · {date} a las {time} · {people} personas',
  /** A guest's WhatsApp or SMS answer that is neither 'Confirmo' nor 'No puedo ir' (issue 46). */
  pushGuestMessageTitle: 'Mensaje de {name}',
  passwordRecovery: {
    greeting: 'Hola,',
    intro: 'Alguien (esperamos que tú) ha pedido restablecer la contraseña de administración de {restaurant}.',
    linkIntro: 'Para elegir una nueva, abre este enlace en la próxima hora:',
    ignore: 'Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambia.',
  },
  /** To every owner, through the SMTP server that was in use before a change of Correo saliente (issue 41). */
  mailServerChanged: {
    subject: 'Se ha cambiado el correo saliente de {restaurant}',
    intro: '{actor} ha cambiado el servidor de correo saliente de {restaurant} el {when} desde la IP {ip}.',
    servers: 'Antes: {before}. Ahora: {after}.',
    advice:
      'Si no has sido tú, entra en Mesa, revisa Configuración › Correo saliente y Seguridad, y cambia tu contraseña: quien controla el correo saliente puede leer los enlaces para restablecer contraseñas.',
    none: 'archivos .eml en el servidor',
  },
  dailyReport: {
    subject: 'Informe diario · {restaurant} · {date}',
    heading: 'Informe diario de {restaurant}: {date}',
    totals: 'Reservas: {count} · Comensales: {covers}',
    columns: ['Hora', 'Nombre', 'Personas', 'Estado', 'Llegada', 'Teléfono', 'Nota'],
    noShowsYesterday: 'No vinieron ayer: {count}',
    newRequests: 'Solicitudes nuevas desde el último informe: {count}',
  },
} as const;

// Every Spanish text the user can see, by key. Texts quoted in the spec are copied verbatim;
// the rest follows the same tone. Placeholders use single braces: {name}.
import type { ALLERGENS } from './limits.ts';

export const reservationStatusLabels = {
  pending: 'Pendiente',
  confirmed: 'Confirmada',
  cancelled: 'Cancelada',
  completed: 'Completada',
} as const;

export const arrivalStatusLabels = {
  pending: 'Esperando',
  arrived: 'Llegó',
  no_show: 'No vino',
  delayed: 'Con retraso',
} as const;

export const messages = {
  common: {
    loading: 'Cargando...',
    sending: 'Enviando...',
    save: 'Guardar',
    cancel: 'Cancelar',
    confirm: 'Confirmar',
    close: 'Cerrar',
    delete: 'Eliminar',
    retry: 'Inténtalo de nuevo.',
    reload: 'Recargar',
    linkErased: 'Los datos de este enlace se han borrado a petición tuya: ya no hay nada que mostrar.',
    restoreDefault: 'Restaurar por defecto',
    optional: '(opcional)',
    today: 'Hoy',
    tomorrow: 'Mañana',
    error: 'Error',
    unexpectedError: 'Ocurrió un error inesperado',
    opensInNewTab: '(se abre en una pestaña nueva)',
    /** Under the restaurant's own welcome or policy, shown in Spanish where no translation was given (issue 50, item 6). */
    writtenInSpanish: 'Escrito por el restaurante en español.',
  },

  notFound: {
    code: '404',
    title: 'Oops! Page not found',
    back: 'Volver al inicio',
  },

  landing: {
    restaurantNameFallback: 'Mi Restaurante',
    welcomeHeading: '¡Bienvenido!',
    contactNote: 'Para consultas especiales o eventos, llámanos al {phone1} o al {phone2}.',
    contactLabel: 'Contacto',
    mapLink: 'Ver en el mapa',
    legalNavLabel: 'Información legal',
    footer: {
      /** What the line built from the default weekly hours reads (shared/rules/opening-hours.ts). */
      hours: 'Martes a domingo de 13:00 a 18:00',
      /** The words that line is built from: days Sunday first, as operating_hours.day_of_week. */
      weekdays: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
      dayRange: '{first} a {last}',
      dayPair: '{first} y {last}',
      span: 'de {open} a {close}',
      spanJoin: ' y ',
      groupJoin: '; ',
      mondaysClosed: 'Lunes cerrado por descanso del personal',
      confirmationRequired: 'Todas las reservas requieren confirmación del restaurante',
      /** Instead of the line above while 'Confirmación automática' is on (issue 50). */
      confirmedAtOnce: 'Las reservas se confirman al momento',
      legalNotice: 'Aviso legal',
      privacyPolicy: 'Política de privacidad',
      cookiePolicy: 'Política de cookies',
      configureCookies: 'Configurar cookies',
    },
  },

  /** The guest pages' language switcher (issue 26); each language's own name is in i18n/languages.ts. */
  language: {
    label: 'Idioma',
  },

  /** /reservar, the booking form in another site's frame (decision 028): its tab, heading and frame title. */
  widget: {
    title: 'Reservar mesa en {name}',
  },

  reservation: {
    form: {
      title: 'Reserva tu mesa',
      loading: 'Cargando...',
      name: 'Nombre completo',
      phone: 'Teléfono',
      email: 'Email',
      people: 'Número de personas',
      peopleOne: '1 persona',
      peopleMany: '{count} personas',
      date: 'Fecha',
      time: 'Hora',
      timePlaceholder: 'Selecciona una hora',
      specialRequirement: 'Peticiones especiales (opcional)',
      specialRequirementCounter: '{count}/200',
      consentPrefix: 'He leído y acepto la',
      consentLink: 'Política de Privacidad y Protección de Datos',
      submit: 'Solicitar Reserva',
      submitting: 'Enviando...',
      slotUnavailable: '(No disponible)',
      /** After each party size no table or maximum takes online (issue 50). */
      callUs: '(llámanos)',
      timeSelectDateFirst: 'Selecciona primero una fecha',
      noSlots: 'No quedan horas disponibles para esta fecha. Por favor, selecciona otro día.',
      requiredMark: 'obligatorio',
      zone: 'Zona preferida (opcional)',
      allergens: 'Alergias o intolerancias',
      allergensHint: 'Opcional. Solo las ve el personal del restaurante.',
      noZonePreference: 'Sin preferencia',
      /** Issue 46: the optional, unticked consent to messages, by the channel the owner switched on. */
      messagingOptIn: {
        whatsapp: 'Quiero recibir la confirmación y el recordatorio por WhatsApp',
        sms: 'Quiero recibir la confirmación y el recordatorio por SMS',
      },
    },
    pausedTime: {
      title: 'Horario no disponible',
      description: 'En este momento no aceptamos nuevas reservas para esta hora. Por favor, elige otro horario.',
      chooseAnother: 'Elegir otra hora',
    },
    // Issue 50: a party larger than any table or maximum takes online: the time and the submit give way to this card.
    largeParty: {
      title: 'Más de {max} personas: llámanos',
      description: 'Para grupos tan grandes preparamos la mesa contigo por teléfono.',
    },
    validation: {
      zoneInvalid: 'Elige una de las zonas de la lista.',
      allergensInvalid: 'Marca solo alérgenos de la lista.',
      nameMin: 'El nombre debe tener al menos 2 caracteres',
      nameMax: 'El nombre no puede superar los 100 caracteres',
      nameInvalid: 'El nombre contiene caracteres no válidos',
      nameLetters: 'El nombre debe tener al menos 2 letras',
      phoneMin: 'El teléfono debe tener al menos 8 dígitos',
      phoneMax: 'El teléfono no puede superar los 20 dígitos',
      phoneInvalid: 'El teléfono solo puede contener números y caracteres básicos',
      emailInvalid: 'Ingresa un email válido',
      emailTooLong: 'El email es demasiado largo',
      emailFormat: 'Formato de email inválido',
      peopleMin: 'Mínimo 1 persona',
      peopleMax: 'Máximo 12 personas',
      peopleInvalid: 'El número de personas debe ser un número entero',
      adminPeopleMax: 'Máximo 30 personas',
      dateRequired: 'Selecciona una fecha',
      dateFormat: 'Formato de fecha inválido',
      monthFormat: 'Indica el mes como AAAA-MM (por ejemplo, 2026-12).',
      monthRange: 'El mes debe estar entre 2000-01 y 2100-12.',
      dateOutOfWindow: 'La fecha debe estar entre hoy y los próximos 90 días.',
      datePast: 'La fecha no puede ser anterior a hoy.',
      timeRequired: 'Selecciona una hora',
      timeFormat: 'Formato de hora inválido',
      specialRequirementMax: 'Máximo 200 caracteres',
      specialRequirementInvalid: 'Texto contiene caracteres no válidos',
      specialRequirementCharacters: 'No se permiten {characters}',
      consentRequired: 'Debes aceptar la Política de Privacidad',
      // Issue 46: only when the guest asks for messages; the phone's own rules above are the spec's.
      phoneNeedsPrefix: 'Añade el prefijo de tu país (por ejemplo, +44) para recibir mensajes',
      phoneUnreadable: 'No reconocemos este número. Revísalo para recibir mensajes',
      phoneNotMobile: 'Para recibir mensajes por {channel} necesitamos un número de móvil',
    },
    // The booking calendar (issue 25): why a day cannot be picked, on hover and for screen readers.
    calendar: {
      closedReasons: {
        monday: 'Cerrado: los lunes no aceptamos reservas',
        closed_day: 'Cerrado: este día no aceptamos reservas',
        closed_weekday: 'Cerrado este día de la semana',
        no_times: 'Sin horas libres este día',
        paused_all: 'Reservas en pausa',
        past: 'Fuera del periodo de reservas',
        beyond_window: 'Fuera del periodo de reservas',
      },
      full: 'Completo',
      fullLegend: 'Completo para tu grupo: puedes apuntarte a la lista de espera',
      loadingDays: 'Comprobando qué días quedan libres…',
      choose: 'Elige un día',
      loading: 'Cargando el calendario…',
      firstOpenDay: 'Primer día disponible: {date}',
      noOpenDay: 'No quedan días con sitio para este grupo en los próximos 90 días.',
      today: 'Hoy',
      previousMonth: 'Mes anterior',
      nextMonth: 'Mes siguiente',
      /** The month buttons' toolbar, named for screen readers (issue 50, item 6). */
      navigation: 'Navegación del calendario',
    },
    dateRules: {
      unavailableTitle: 'Fecha no disponible',
      blockedDay: 'En esta fecha no aceptamos reservas. Por favor, selecciona otro día disponible.',
      monday: 'Los lunes no aceptamos reservas. Por favor selecciona otro día.',
    },
    // The spec chooses these by the database's insert error; here the server refuses such input before the insert,
    // so securityRule, invalidEmail and phoneTooShort are kept for the spec's catalogue and shown by no path today.
    errors: {
      title: 'Error al reservar',
      securityRule:
        'No se pudo crear la reserva por una regla de seguridad. Verifica fecha (máx. 90 días), hora (08:00-23:59) y datos válidos.',
      rateLimit: 'Has alcanzado el límite de 3 reservas por email para ese día.',
      pastTime: 'No puedes crear reservas en un horario pasado para hoy.',
      invalidEmail: 'El email no es válido. Revisa el formato.',
      phoneTooShort: 'El teléfono es demasiado corto. Debe tener al menos 8 dígitos.',
      invalidTime: 'La hora seleccionada no es válida (08:00 a 23:00).',
      generic: 'Hubo un problema al enviar tu reserva. Inténtalo de nuevo.',
      unexpectedTitle: 'Error',
      reservationsPaused: 'En este momento no aceptamos nuevas reservas. Inténtalo más tarde.',
      timePaused: 'En este momento no aceptamos nuevas reservas para esta hora.',
      slotUnavailable: 'La hora seleccionada no está disponible. Por favor, elige otra hora.',
      noTable: 'No hay mesa disponible para {people} personas a esa hora.',
      noTableOne: 'No hay mesa disponible para 1 persona a esa hora.',
      idReused: 'Esta solicitud ya se envió con otros datos. Recarga la página para hacer una reserva nueva.',
      // Issue 41: the same guest's stay that day overlaps this one (decision 032).
      duplicate: 'Ya tienes una reserva ese día a las {time}.',
      duplicateLinkSent: 'Te hemos enviado el enlace para gestionarla.',
    },
    success: {
      title: '¡Solicitud enviada!',
      description: 'Tu solicitud de reserva ha sido enviada. Te contactaremos para confirmarla.',
    },
    // What stays on screen after a booking until the guest closes it (issue 25).
    summary: {
      confirmedTitle: '¡Reserva confirmada!',
      people: 'Personas',
      status: 'Estado',
      pending: 'Pendiente de confirmación',
      confirmed: 'Confirmada',
      nextPending: 'El restaurante revisará tu solicitud y te contactaremos para confirmarla. Te llegará un email con los detalles.',
      nextConfirmed: 'Tu mesa está reservada. Te llegará un email con los detalles.',
      manageHint: 'Desde el enlace de tu reserva puedes consultarla, cambiarla o cancelarla.',
      addToCalendar: 'Añadir al calendario',
      /** The .ics's name, from this page, the private page and the emails (issue 50, item 6). */
      calendarFileName: 'reserva.ics',
      manage: 'Gestionar mi reserva',
      close: 'Hacer otra reserva',
    },
    // Issue 45: shown as soon as the party, date and time need a card guarantee, before anything is sent.
    guarantee: {
      title: 'Garantía con tarjeta',
      text: 'Para esta reserva te pediremos una tarjeta como garantía en una página segura de Stripe. No se cobra nada ahora. Si no vienes, o cancelas con menos de {hours} de antelación, podremos cobrar {amount} por persona ({total} en total).',
      textNoFreeCancellation: 'Para esta reserva te pediremos una tarjeta como garantía en una página segura de Stripe. No se cobra nada ahora. Si no vienes, o cancelas, podremos cobrar {amount} por persona ({total} en total).',
    },
  },

  cookies: {
    title: 'Usamos cookies',
    description:
      'Utilizamos cookies necesarias para el funcionamiento del sitio y, con tu permiso, cookies analíticas y de marketing.',
    acceptAll: 'Aceptar todas',
    rejectOptional: 'Rechazar opcionales',
    configure: 'Configurar',
    saveConfiguration: 'Guardar configuración',
    policyLink: 'Política de cookies',
    close: 'Cerrar',
    alwaysOn: 'Siempre activas',
    detailsTitle: 'Configuración de cookies',
    detailsDescription: 'Elige qué cookies opcionales permites. Puedes cambiarlo cuando quieras desde «Configurar cookies», al pie de la página.',
    ownCookies: 'Mesa, el sistema de reservas de esta web, no instala por sí mismo ninguna cookie analítica ni de marketing.',
    closeBanner: 'Cerrar aviso de cookies',
    categoryDescriptions: {
      necessary: 'Imprescindibles para que el sitio funcione y para recordar tu elección sobre cookies. No se pueden desactivar.',
      analytics: 'Nos ayudan a entender cómo se usa el sitio para mejorarlo. Solo se activan con tu permiso.',
      marketing: 'Permiten mostrarte información y ofertas relevantes. Solo se activan con tu permiso.',
    },
    categories: {
      necessary: 'Necesarias',
      analytics: 'Analíticas',
      marketing: 'Marketing',
    },
    /** Legal text recorded with each cookie choice. */
    legalText: 'Banner de Cookies {version}',
  },


  permissions: {
    insufficient: 'Permisos insuficientes: Se requieren permisos de administrador',
    /** A staff role that does not reach this part of the back office (issue 20). */
    role: 'Permisos insuficientes: tu rol no permite esta acción',
    /** The owner's sensitive changes need a password typed within RECENT_SIGN_IN_MINUTES (issue 41). */
    recentSignIn: 'Por seguridad, escribe de nuevo tu contraseña para hacer este cambio.',
    /** The owner requires a second factor and this account has none yet (issue 44). */
    secondFactorRequired: 'El propietario exige un segundo factor: activa la verificación en dos pasos o añade una llave de acceso en «Mi cuenta» para continuar.',
    wrongPassword: 'La contraseña no es correcta.',
    // Spec text for roles that cannot be read; here that is the database being down (503), until roles arrive (issue 20).
    rolesUnavailable: 'Error de permisos: No se pudieron verificar los roles',
  },

  /** Covers pacing (issue 11): the most people starting per half-hour slot and per day. */
  pacing: {
    slotFullOption: '(Completo)',
    slotFull: 'Lo sentimos, esa hora ya está completa. Elige otra hora.',
    dayFull: 'Lo sentimos, ese día ya está completo. Elige otro día.',
    slotWarning: 'Esta reserva supera el máximo de comensales de la franja ({covers} de {max}).',
    dayWarning: 'Esta reserva supera el máximo de comensales del día ({covers} de {max}).',
    settingsTitle: 'Ritmo de cubiertos',
    settingsHint:
      'Limita cuántos comensales pueden empezar a la vez, para que la cocina no se sature. Desactivado mientras ambos campos estén vacíos. Las reservas manuales pueden superarlo, con un aviso.',
    maxPerSlot: 'Máximo de comensales por franja de 30 minutos',
    maxPerDay: 'Máximo de comensales por día',
    noLimit: 'Sin límite',
    noLimitHint: 'Vacío: sin límite.',
    maxInvalid: 'Indica un número entero de comensales entre 1 y {max}, o déjalo vacío para no poner límite.',
  },



  /** The waitlist, as the guest sees it (issue 23): the form's button, the entry's page and the offer's page. */
  waitlist: {
    formTitle: '¿La hora que quieres está completa?',
    formIntro: 'Apúntate a la lista de espera: si se libera una mesa para tu grupo, te la ofreceremos por email.',
    fullTime: 'Hora completa que prefieres',
    fullTimePlaceholder: 'Elige una hora completa',
    join: 'Apuntarme a la lista de espera',
    joining: 'Apuntando...',
    joinedTitle: '¡Estás en la lista de espera!',
    joinedDescription: 'Te hemos enviado un email con los detalles y un enlace para salir de la lista.',
    entryTitle: 'Tu lugar en la lista de espera',
    /** The summary card a join leaves on the form (issue 50). */
    summary: {
      status: 'Lista de espera',
      manage: 'Ver mi lugar en la lista',
    },
    offerTitle: 'Se ha liberado una mesa',
    name: 'A nombre de',
    loading: 'Cargando...',
    loadFailed: 'No se pudo cargar la información. Inténtalo de nuevo.',
    statuses: {
      waiting: 'En la lista de espera',
      offered: 'Te hemos ofrecido una mesa: revisa tu email',
      booked: 'Ya tienes reserva',
      seated: 'Ya tienes mesa',
      removed: 'Fuera de la lista',
      missed: 'La oferta caducó sin respuesta',
      expired: 'La lista de ese día ha terminado',
    },
    leave: 'Salir de la lista de espera',
    leaveTitle: '¿Salir de la lista de espera?',
    leaveDescription: 'Dejarás de recibir ofertas para esta fecha y hora.',
    leaveConfirm: 'Sí, salir',
    leaveKeep: 'No, seguir en la lista',
    left: 'Has salido de la lista de espera.',
    offerIntro: 'Te guardamos esta mesa hasta las {time} (hora de Madrid). Si la aceptas, la reserva queda hecha a tu nombre.',
    accept: 'Aceptar la mesa',
    accepting: 'Aceptando...',
    offerOpen: 'Te hemos guardado una mesa a las {reservationTime} hasta las {time}. Si la aceptas, la reserva queda hecha a tu nombre.',
    offerOpenStatus: 'Te hemos guardado una mesa',
    expiredTitle: 'Esta oferta ha caducado',
    expiredBook: 'Aún quedan mesas libres ese día: puedes reservar aquí mismo.',
    acceptedTitle: '¡Mesa aceptada!',
    acceptedPending: 'Tu solicitud de reserva está pendiente de confirmación: te avisaremos por email.',
    acceptedConfirmed: 'Tu reserva está confirmada. Te hemos enviado los detalles por email.',
    errors: {
      notFound: 'Este enlace no es válido. Revisa que esté completo.',
      notFull: 'Esa hora todavía tiene mesa para tu grupo: puedes reservarla directamente.',
      tooLarge:
        'No podemos apuntar a un grupo de {people} personas en la lista de espera: nunca se libera una mesa para tantos. Llámanos y lo vemos.',
      alreadyJoined: 'Ya estás en la lista de espera para esa fecha y hora.',
      limit: 'Has alcanzado el número máximo de entradas en la lista de espera para ese día.',
      idReused: 'Esta solicitud ya se usó con otros datos. Recarga la página e inténtalo de nuevo.',
      notWaiting: 'Ya no estás en la lista de espera.',
      offerSpent: 'Esta oferta ya se ha usado.',
      offerExpired: 'Esta oferta ha caducado: el tiempo para aceptarla ha terminado.',
      offerWithdrawn: 'Esta mesa ya no está disponible.',
      placeTaken: 'Lo sentimos: la mesa ya no está disponible. Sigues en la lista de espera.',
    },
  },

  /** The public forms' bot checks (decision 027). */
  botCheck: {
    honeypotLabel: 'No escribas nada aquí: este campo solo sirve para frenar envíos automáticos.',
    honeypotFilled:
      'No hemos podido enviar tu solicitud porque se rellenó un campo que debe quedar vacío (a veces lo hace el autorrelleno del navegador). Recarga la página y vuelve a enviar el formulario escribiendo tus datos, o llámanos.',
    challengeRequired:
      'Hemos recibido muchas solicitudes desde tu conexión. Vuelve a enviar el formulario desde la página de reservas (tu navegador hará una comprobación automática de unos segundos) o espera unos minutos.',
    challengeInvalid:
      'La comprobación automática de tu solicitud no es válida o ha caducado. Vuelve a enviar el formulario desde la página de reservas.',
  },

  http: {
    networkError: 'No se pudo conectar con el servidor. Comprueba tu conexión.',
    invalidResponse: 'El servidor respondió de forma inesperada. Inténtalo de nuevo.',
    crashTitle: 'Algo ha salido mal',
    crashHint: 'Recarga la página para intentarlo de nuevo.',
    badRequest: 'Los datos enviados no son válidos.',
    unauthorized: 'Debes iniciar sesión.',
    forbidden: 'No tienes permiso para realizar esta acción.',
    notFound: 'Recurso no encontrado.',
    csrf: 'Solicitud rechazada por seguridad. Recarga la página e inténtalo de nuevo.',
    tooLarge: 'La solicitud es demasiado grande.',
    textTooLong: 'Uno de los textos enviados es demasiado largo.',
    invalidCharacters: 'El texto contiene caracteres no válidos.',
    unsupportedMediaType: 'Tipo de contenido no admitido. Envía los datos como JSON.',
    invalidJson: 'El cuerpo de la solicitud no es JSON válido.',
    invalidId: 'Identificador no válido.',
    invalidFormat: 'El formato no es válido.',
    invalidUrl: 'La dirección de la solicitud no es válida.',
    urlTooLong: 'La dirección de la solicitud es demasiado larga.',
    rateLimited: 'Demasiadas solicitudes. Inténtalo de nuevo en unos minutos.',
    internal: 'Se ha producido un error inesperado. Inténtalo de nuevo más tarde.',
    unavailable: 'Servicio no disponible temporalmente.',
    // Not "nothing was saved": a COMMIT sent just before the database went silent may have landed (decision 014).
    // Retrying is safe: a booking retried with its id returns the stored one instead of a second.
    databaseUnavailable:
      'No podemos acceder a los datos en este momento. Inténtalo de nuevo en unos minutos; si tu solicitud ya se había guardado, no se duplicará.',
  },

  reservationStatus: reservationStatusLabels,
  arrivalStatus: arrivalStatusLabels,
  /** EU Regulation 1169/2011, Annex II, as Spanish menus name them (issue 22). */
  allergens: {
    gluten: 'Cereales con gluten',
    crustaceans: 'Crustáceos',
    eggs: 'Huevos',
    fish: 'Pescado',
    peanuts: 'Cacahuetes',
    soy: 'Soja',
    milk: 'Leche y lácteos',
    nuts: 'Frutos de cáscara',
    celery: 'Apio',
    mustard: 'Mostaza',
    sesame: 'Sésamo',
    sulphites: 'Sulfitos',
    lupin: 'Altramuces',
    molluscs: 'Moluscos',
  } satisfies Record<(typeof ALLERGENS)[number], string>,
} as const;

/** Fills {placeholders}; unknown ones are left as written so a missing value is visible, not blank. */
export function formatMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

/** A count in words: `one` for 1, else `many` with {count} filled ('1 cubierto', '14 cubiertos'). */
export function formatCount(count: number, one: string, many: string): string {
  return count === 1 ? one : formatMessage(many, { count });
}

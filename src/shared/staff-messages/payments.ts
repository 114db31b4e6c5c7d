// Texts of the card guarantee (issue 45): the owner's rules in Configuración › Reservas and the 'Pagos' tab, loaded
// with their chunks. Same conventions as staff-messages.ts.

export const cardGuaranteeMessages = {
  title: 'Garantía con tarjeta',
  enabled: 'Pedir una tarjeta como garantía',
  criteriaHint:
    'Se pide la tarjeta si la reserva cumple cualquiera de los criterios que marques (grupo, día y hora, fecha); sin ninguno, se pide en todas las reservas.',
  notConnected: 'Conecta Stripe en Configuración › Pagos para pedir la garantía.',
  fromPeople: 'A partir de … personas',
  fromPeopleHint: 'Déjalo vacío para cualquier número de personas.',
  windowsTitle: 'Días y horas',
  windowsHint: 'Las reservas de ese día de la semana entre las dos horas, ambas incluidas.',
  windowsEmpty: 'Ningún día y hora marcados.',
  window: '{day} {from}–{to}',
  weekday: 'Día de la semana',
  windowFrom: 'Desde',
  windowTo: 'Hasta',
  addWindow: 'Añadir día y hora',
  removeWindow: 'Quitar {window}',
  datesTitle: 'Fechas marcadas',
  datesHint: 'Por ejemplo, el 24 y el 31 de diciembre.',
  datesEmpty: 'Ninguna fecha marcada.',
  date: 'Fecha',
  addDate: 'Añadir fecha',
  removeDate: 'Quitar {date}',
  dateTwice: 'Esa fecha ya está marcada.',
  amount: 'Importe por persona (€)',
  amountHint: 'Lo que se puede cobrar por cada persona que no venga.',
  freeCancellationHours: 'Cancelación gratuita hasta … horas antes',
  freeCancellationHoursHint: '0: cualquier cancelación puede cobrarse.',
  holdMinutes: 'Tiempo para guardar la tarjeta (minutos)',
  holdMinutesHint: 'Pasado este tiempo sin tarjeta, la reserva se libera.',
  validation: {
    weekday: 'Elige un día de la semana.',
    time: 'Escribe la hora como HH:MM.',
    windowOrder: 'La hora final no puede ser anterior a la inicial.',
    date: 'Escribe la fecha como AAAA-MM-DD.',
    tooMany: 'Demasiadas entradas.',
    fromPeople: 'Escribe un número de personas entre 1 y 30.',
    amount: 'Escribe un importe por persona entre 1 € y 500 €.',
    freeCancellationHours: 'Escribe un número de horas entre 0 y 168.',
    holdMinutes: 'Escribe un número de minutos entre 5 y 60.',
  },
} as const;

/** The 'Pagos' tab and the provider's answers, as the owner and staff read them. */
export const paymentsMessages = {
  provider: {
    badKey: 'Stripe no acepta la clave secreta. Comprueba que la has copiado entera.',
    unreachable: 'No se ha podido conectar con Stripe. Inténtalo de nuevo en unos minutos.',
    refused: 'Stripe ha rechazado la petición:',
    declines: {
      generic: 'El banco ha rechazado el cargo.',
      insufficientFunds: 'La tarjeta no tiene fondos suficientes.',
      expiredCard: 'La tarjeta ha caducado.',
      lostCard: 'La tarjeta está bloqueada por el banco.',
    },
  },
} as const;

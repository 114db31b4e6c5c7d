// Texts of the card guarantee (issue 45): the owner's rules in Configuración › Reservas and the 'Pagos' tab, loaded
// with their chunks. Same conventions as staff-messages.ts.

export const cardGuaranteeMessages = {
  title: 'Garantía con tarjeta',
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

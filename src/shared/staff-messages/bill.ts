// Texts of a booking's 'Importe de la cuenta' (issue 47, item 3): the field in its detail (a lazy chunk) and the
// API's refusals. Not part of /admin's first screen.

export const billTexts = {
  heading: 'Importe de la cuenta',
  label: 'Importe (€)',
  hint: 'Por ejemplo 45,50. Déjalo vacío y pulsa Guardar para borrarlo.',
  save: 'Guardar',
  clear: 'Borrar importe',
  saved: 'Importe guardado.',
  cleared: 'Importe borrado.',
  current: 'Cuenta: {amount}',
  none: 'Sin importe.',
  saveError: 'No se pudo guardar el importe.',
  /** Why a booking takes no bill (decision 044): shown instead of the field. */
  notYet: 'El importe se apunta cuando el cliente ha llegado: marca antes «Llegó».',
  errors: {
    invalid: 'Escribe el importe en euros, por ejemplo 45,50.',
    tooLarge: 'El importe no puede pasar de 100.000 €.',
    required: 'Escribe el importe en céntimos o null para borrarlo.',
    cancelled: 'Una reserva cancelada no tiene cuenta: no se puede apuntar un importe.',
    noShow: 'La reserva está marcada como no-show: no se puede apuntar un importe.',
    notArrived: 'El importe se apunta cuando el cliente ha llegado: marca antes la reserva como «Llegó».',
  },
};

// Export and erasure of a guest's data (issue 24): the guest dialog's section, the readable summary, and the name an
// erased guest keeps. Apart from the first screen's texts, so that /admin's first load skips them.

export const guestPrivacyMessages = {
  erasedName: 'Cliente borrado',
  confirmRequired: 'Confirma que quieres borrar los datos: no se puede deshacer.',
  /** The guest dialog's section, for the owner and the encargado. */
  sectionTitle: 'Datos personales',
  sectionHint: 'A petición del cliente: todo lo que Mesa guarda sobre él.',
  exportLabel: 'Exportar datos',
  exportSummaryLabel: 'Resumen legible',
  exportFileName: 'cliente-{id}.{format}',
  exported: 'Datos del cliente descargados',
  exportFailed: 'No se pudieron exportar los datos del cliente.',
  eraseLabel: 'Borrar datos del cliente',
  eraseTitle: '¿Borrar los datos de este cliente?',
  eraseDescription:
    'Se borran su nombre, teléfono, email, notas, etiquetas y alérgenos en todas partes: sus reservas, la lista de espera, los emails y los avisos. Solo quedan cifras anónimas de cada reserva (fecha, hora, personas, estado y origen). No se puede deshacer.',
  eraseConfirm: 'Borrar definitivamente',
  erased: 'Datos del cliente borrados',
  eraseFailed: 'No se pudieron borrar los datos del cliente.',
  /** The readable summary of an export (an HTML file). */
  summary: {
    title: 'Datos personales de un cliente de {restaurant}',
    intro: 'Todo lo que {restaurant} guarda sobre este cliente, exportado el {date} a las {time}.',
    profile: 'Perfil',
    email: 'Email',
    phone: 'Teléfono',
    note: 'Nota del personal',
    tags: 'Etiquetas',
    allergens: 'Alérgenos',
    since: 'Cliente desde',
    reservations: 'Reservas',
    reservationLine: '{date} a las {time}, {people} personas: {status}',
    name: 'Nombre',
    notes: 'Notas',
    cancellationReason: 'Motivo de cancelación',
    changes: 'Cambios',
    consents: 'Consentimientos',
    consentLine: '{date}: política de privacidad {version}, aceptada por {email}',
    policyTexts: 'Textos de la política de privacidad aceptados',
    emails: 'Emails enviados',
    emailLine: '{date}: «{subject}» a {to}',
    waitlist: 'Lista de espera',
    waitlistLine: '{date} a las {time}, {people} personas: {status}',
    none: 'Ninguno',
    notSent: 'sin enviar',
  },
} as const;

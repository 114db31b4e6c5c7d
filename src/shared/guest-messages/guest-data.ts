// The guest's own data requests (issue 24): the private page's section and the erasure confirmation page.

/** The guest's own data, from the reservation's private page (issue 24): a copy by email, erasure by a link. */
export const guestDataMessages = {
  title: 'Tus datos personales',
  intro: 'Puedes pedir una copia de todo lo que guardamos sobre ti o que lo borremos. Te escribiremos al email de esta reserva.',
  download: 'Descargar mis datos',
  downloadSent: 'Te hemos enviado tus datos por email',
  downloadSentDetail: 'Llegarán al email de esta reserva en unos minutos: un archivo completo (JSON) y un resumen para leer.',
  erase: 'Borrar mis datos',
  eraseTitle: '¿Borrar tus datos?',
  eraseDescription:
    'Te enviaremos un email con un enlace para confirmarlo. El enlace caduca en {hours} horas y solo sirve una vez. Hasta que lo abras, no se borra nada.',
  eraseSend: 'Enviarme el enlace',
  eraseKeep: 'Volver',
  eraseSent: 'Te hemos enviado el enlace por email',
  eraseSentDetail: 'Ábrelo desde el email de esta reserva para confirmar el borrado.',
  confirmTitle: 'Borrar tus datos',
  loading: 'Cargando...',
  confirmIntro:
    'Vamos a borrar tu nombre, teléfono, email, notas y alergias de todas tus reservas en {restaurant}, y tus entradas en la lista de espera. Solo quedarán cifras anónimas (fecha, hora y número de personas) para las estadísticas del restaurante. No se puede deshacer.',
  upcomingOne: 'Tienes 1 reserva próxima: se cancelará y la mesa quedará libre.',
  upcomingMany: 'Tienes {count} reservas próximas: se cancelarán y las mesas quedarán libres.',
  confirm: 'Borrar mis datos definitivamente',
  erasing: 'Borrando...',
  erased: 'Tus datos se han borrado',
  erasedDetail:
    'Ya no guardamos tu nombre, teléfono, email ni notas. Las copias de seguridad del servidor los conservan hasta que se renuevan, como explica la Política de privacidad.',
  cancelledReason: 'Cancelada al borrar el cliente sus datos',
  errors: {
    noEmail: 'Esta reserva no tiene email: llama al restaurante para pedir una copia de tus datos o que los borremos.',
    alreadyErased: 'Los datos de esta reserva ya se han borrado.',
    tooMany: 'Ya te hemos enviado varios emails hace poco. Revisa tu correo (también la carpeta de spam) antes de pedir otro.',
    linkNotFound: 'No encontramos este enlace. Revisa que esté completo.',
    linkUsed: 'Este enlace ya se ha usado: tus datos ya están borrados.',
    linkExpired: 'Este enlace ha caducado. Pide otro desde el enlace de tu reserva.',
  },
} as const;

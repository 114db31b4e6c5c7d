// Texts of the Notificaciones and Push tabs, loaded with their chunks. Same conventions as staff-messages.ts.

/** Notificaciones: channels, templates and test sends. */
export const notificationsMessages = {
  tabs: { templates: 'Plantillas', settings: 'Configuración', tests: 'Pruebas' },
  autoConfirmation: 'Mensaje de confirmación automática',
  reminder24h: 'Recordatorio 24 horas antes',
  reminder2h: 'Recordatorio 2 horas antes',
  cancellation: 'Mensaje de cancelación',
  push: 'Notificaciones push',
  email: 'Notificaciones por email',
  reminders: 'Recordatorios',
  testNoAdminEmail: 'Configura el email del administrador en Configuración › Informes para recibir las pruebas.',
  testFailed: 'No se pudo enviar la notificación de prueba',
  testRecipient: 'Las pruebas se envían a {email}.',
  settingsDescription: 'Elige qué avisos envía Mesa.',
  /** The staff's 'Nueva reserva' email (issue 52): how often it comes. */
  newRequestEmail: {
    legend: 'Email de nueva reserva',
    modes: { each: 'Cada reserva', hourly: 'Resumen cada hora', daily: 'Solo el informe diario' },
    hints: {
      each: 'Un email por cada solicitud, en cuanto llega.',
      hourly: 'Un email a cada hora en punto con las solicitudes de esa hora; ninguno si no ha llegado ninguna.',
      daily: 'Ningún email por solicitud: el informe diario las lista. Si el informe está desactivado, llegan en el resumen de cada hora.',
    },
  },
  testsDescription: 'Envía un mensaje de ejemplo con una reserva ficticia para comprobar cómo llega.',
  tests: {
    confirmation: 'Probar confirmación',
    reminder24h: 'Probar recordatorio 24h',
    reminder2h: 'Probar recordatorio 2h',
    cancellation: 'Probar cancelación',
  },
} as const;

/** Push: this device's staff alerts. */
export const pushMessages = {
  activate: 'Activar notificaciones',
  active: 'Notificaciones activadas',
  installTitle: 'Instalar como aplicación',
  description: 'Recibe un aviso en este dispositivo cada vez que llegue una reserva nueva.',
  checking: 'Comprobando las notificaciones de este dispositivo…',
  unsupported:
    'Este navegador no admite notificaciones push. Usa Chrome, Edge o Firefox; en el iPhone, instala Mesa en la pantalla de inicio (iOS 16.4 o posterior) y ábrela desde allí.',
  blocked: 'Las notificaciones están bloqueadas para este sitio. Permítelas en los ajustes del navegador y vuelve a intentarlo.',
  androidTitle: 'Android',
  androidInstructions: 'En Chrome, abre el menú (⋮) y elige «Instalar aplicación».',
  iphoneTitle: 'iPhone',
  iphoneInstructions: 'En Safari, pulsa el botón Compartir y elige «Añadir a pantalla de inicio».',
} as const;

/** Errors of a push subscription sent to the server. */
export const pushSubscriptionErrors = {
  invalidP256dh: 'Clave p256dh de la suscripción no válida',
  invalidAuth: 'Clave auth de la suscripción no válida',
} as const;

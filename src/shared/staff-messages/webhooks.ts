// Texts of the webhooks in Configuración › Integraciones (issue 48, item 3). Loaded with the tab's chunk and by the
// server. Same conventions as staff-messages.ts.

export const webhooksMessages = {
  title: 'Webhooks',
  intro:
    'Mesa avisa a otros sistemas (el TPV, n8n, Zapier, tu propio servidor) en cuanto pasa algo: una reserva nueva, confirmada, cambiada o cancelada, una mesa sentada, un aviso de la lista de espera, una valoración. Cada aviso va firmado con el secreto del webhook.',
  create: 'Nuevo webhook',
  url: 'Dirección (URL)',
  events: 'Eventos',
  allowLocal: 'Red local',
  allowLocalHelp: 'Permite una dirección de tu propia red (por ejemplo, un servidor en el local), también por http.',
  secretShownOnce: 'Copia el secreto ahora: no se volverá a mostrar. Con él, tu sistema comprueba que cada aviso viene de Mesa.',
  eventNames: {
    'reservation.created': 'Reserva creada',
    'reservation.confirmed': 'Reserva confirmada',
    'reservation.changed': 'Reserva cambiada',
    'reservation.cancelled': 'Reserva cancelada',
    'reservation.seated': 'Cliente sentado',
    'reservation.completed': 'Reserva completada',
    'reservation.no_show': 'No presentado',
    'waitlist.offered': 'Lista de espera: plaza ofrecida',
    'waitlist.accepted': 'Lista de espera: plaza aceptada',
    'feedback.received': 'Valoración recibida',
  },
  validation: {
    urlInvalid: 'Escribe una dirección completa, como https://ejemplo.com/webhook.',
    urlTooLong: 'La dirección no puede tener más de 2000 caracteres.',
    httpsRequired: 'La dirección debe empezar por https://. Solo una dirección de tu red local (marca «Red local») puede usar http://.',
    credentialsInUrl: 'La dirección no puede llevar usuario ni contraseña.',
    eventsRequired: 'Elige al menos un evento.',
    eventInvalid: 'Evento desconocido.',
  },
  errors: {
    notFound: 'Ese webhook no existe.',
    localRefused: 'Esa dirección está en una red local o privada. Marca «Red local» si es un servidor de tu propia red.',
    refused: 'Mesa no envía avisos a esa dirección.',
    unresolved: 'No se encuentra esa dirección: revisa que esté bien escrita.',
    paused: 'Webhook en pausa',
    refusedAtDelivery: 'La dirección apunta ahora a una red local o privada: no se ha enviado.',
    timeout: 'Sin respuesta en 10 segundos.',
    network: 'No se pudo conectar: {message}',
    status: 'Respondió {status}.',
  },
  /** The line of Seguridad › Cambios sensibles: where the restaurant's data goes, never the secret. */
  change: '{url} ({events})',
  /** The owners' email when an endpoint is paused after failing for 24 hours. */
  pausedEmail: {
    subject: 'Webhook en pausa: {url}',
    body: 'Mesa lleva 24 horas sin poder entregar avisos a {url} y lo ha puesto en pausa. Revisa ese sistema y reanúdalo en Configuración › Integraciones: {adminUrl}',
  },
} as const;

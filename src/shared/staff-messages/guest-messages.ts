// Texts of a booking's 'Mensajes' (issue 46, items 4-5): the WhatsApp and SMS messages to and from its guest, and
// staff's reply. Loaded with the section's chunk, not with /admin's first screen ('Confirmó asistencia' on the rows
// is in staff-messages.ts).
import type { AnswerOutcome, MessageChannel, MessageKind, MessageStatus } from '../schemas/messaging.ts';

export const guestMessageTexts = {
  heading: 'Mensajes',
  loading: 'Cargando mensajes…',
  loadError: 'No se pudieron cargar los mensajes.',
  empty: 'Aún no hay mensajes con este cliente.',
  direction: { out: 'Enviado', in: 'Recibido' },
  channel: { whatsapp: 'WhatsApp', sms: 'SMS' } satisfies Record<MessageChannel, string>,
  kind: {
    confirmation: 'Confirmación',
    modification: 'Modificación',
    cancellation: 'Cancelación',
    reminder: 'Recordatorio',
    waitlist_offer: 'Oferta de la lista de espera',
    feedback: 'Valoración de la visita',
    staff_reply: 'Respuesta del equipo',
    test: 'Prueba',
    answer: 'Respuesta del cliente',
    thanks: 'Gracias por confirmar',
  } satisfies Record<MessageKind, string>,
  status: {
    queued: 'En cola',
    sent: 'Enviado',
    delivered: 'Entregado',
    read: 'Leído',
    failed: 'No entregado',
    received: 'Recibido',
  } satisfies Record<MessageStatus, string>,
  fellBackToEmail: 'Enviado por email',
  notSent: 'No se pudo enviar',
  outcome: {
    confirmed: 'Confirmó asistencia',
    cancelled: 'Canceló la reserva',
    opted_out: 'Pidió no recibir más mensajes',
    late: 'Llegó tarde: no se cambió nada',
    finished: 'La reserva ya había terminado',
    unknown: 'Número desconocido',
    message: 'Mensaje para el equipo',
  } satisfies Record<AnswerOutcome, string>,
  /** The line under each message: '{direction} · {channel} · {kind}'. */
  meta: '{direction} · {channel} · {kind}',
  statusLabel: 'Estado',
  outcomeLabel: 'Resultado',
  replyLabel: { whatsapp: 'Responder por WhatsApp', sms: 'Responder por SMS' } satisfies Record<MessageChannel, string>,
  send: 'Enviar',
  sending: 'Enviando…',
  windowOpenUntil: 'Puedes responder por WhatsApp hasta el {when}.',
  windowClosed: 'La ventana de 24 horas está cerrada',
  errors: {
    textRequired: 'Escribe el mensaje.',
    textTooLong: 'El mensaje no puede tener más de {max} caracteres.',
    windowClosed: 'La ventana de 24 horas de WhatsApp está cerrada: escribe al cliente con el enlace de WhatsApp.',
    noChannel: 'Este cliente no eligió recibir mensajes por WhatsApp ni por SMS.',
    optedOut: 'El cliente pidió no recibir más mensajes (respondió BAJA o STOP).',
  },
} as const;

// What staff read of the guests' ratings (issue 47, item 5): the alert of a low one, and the settings of the request.
import { FEEDBACK_DELAY_HOURS_MAX, FEEDBACK_DELAY_HOURS_MIN, GOOGLE_REVIEW_URL_MAX } from '../limits.ts';

export const feedbackStaffMessages = {
  alert: {
    title: 'Valoración de {rating}/5: {name}',
    heading: 'Un cliente no quedó contento',
    intro: '{name} ha valorado con {rating} de 5 su visita del {when} ({people} personas). Si puedes, llámale: una llamada a tiempo suele arreglarlo.',
    comment: 'Su comentario: «{comment}»',
    noComment: 'No ha dejado comentario.',
    phone: 'Teléfono: {phone}',
    manage: 'Ver la reserva: {url}',
    toastAction: 'Ver cliente',
  },
  settings: {
    title: 'Valoraciones después de la visita',
    description:
      'Al día siguiente de cada visita, Mesa pide al cliente una valoración de 1 a 5 y un comentario, por email o por el canal que eligió. Las de 1 a 3 te llegan al momento para que puedas llamar.',
    enabled: 'Pedir una valoración después de cada visita',
    delay: 'Horas después de la hora de la reserva',
    delayHint: `De ${FEEDBACK_DELAY_HOURS_MIN} a ${FEEDBACK_DELAY_HOURS_MAX}. Con 20, una cena de las 21:00 se valora a las 17:00 del día siguiente.`,
    googleReviewUrl: 'Enlace para dejar una reseña en Google (opcional)',
    googleReviewUrlHint:
      'En tu Perfil de Empresa de Google, «Pedir reseñas» te da este enlace. Después de valorar, lo ven todos los clientes: Google no permite pedir reseñas solo a los contentos.',
    save: 'Guardar',
    saved: 'Valoraciones guardadas',
  },
  validation: {
    delay: `Las horas van de ${FEEDBACK_DELAY_HOURS_MIN} a ${FEEDBACK_DELAY_HOURS_MAX}.`,
    googleReviewUrl: `Escribe una dirección que empiece por https:// (hasta ${GOOGLE_REVIEW_URL_MAX} caracteres).`,
  },
};

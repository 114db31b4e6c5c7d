// The guest's rating of a visit (issue 47, item 5): the private page the request links to, and the request's email.

/** /valorar/:token — a 1-5 rating and an optional comment; then everyone is offered the Google review page. */
export const feedbackMessages = {
  title: '¿Qué tal tu visita?',
  intro: 'Gracias por venir a {restaurant} el {date}. ¿Nos cuentas qué tal fue? Tu opinión la lee el equipo del restaurante.',
  ratingLegend: 'Tu valoración',
  ratingOptions: ['1 de 5: muy mal', '2 de 5: mal', '3 de 5: normal', '4 de 5: bien', '5 de 5: excelente'],
  commentLabel: 'Cuéntanos más',
  commentHint: 'Hasta {max} caracteres.',
  send: 'Enviar valoración',
  sending: 'Enviando...',
  thanksTitle: '¡Gracias por tu valoración!',
  thanksLow: 'Sentimos que no fuera como esperabas. El equipo ya lo sabe y puede que te llame para conocer qué pasó.',
  thanksHigh: 'Nos alegra mucho que te gustara. ¡Esperamos verte pronto!',
  reviewIntro: 'Si quieres, cuéntaselo también a otros clientes:',
  reviewLink: 'Déjanos una reseña en Google',
  loading: 'Cargando...',
  errors: {
    rating: 'Elige una valoración de 1 a 5.',
    commentTooLong: 'El comentario puede tener como mucho {max} caracteres.',
    linkNotFound: 'No encontramos este enlace. Revisa que esté completo.',
    linkUsed: 'Ya has valorado esta visita. ¡Gracias!',
    linkExpired: 'Este enlace ha caducado: las valoraciones se reciben durante {days} días después de la visita.',
  },
};

/** The request, by email, the day after the visit. */
export const feedbackEmailMessages = {
  subject: '¿Qué tal tu visita a {restaurant}?',
  heading: '¿Qué tal tu visita?',
  intro: 'Hola {name}, gracias por venir a {restaurant} el {date}. ¿Nos cuentas qué tal fue? Es solo un minuto.',
  linkIntro: 'Valora tu visita de 1 a 5 y, si quieres, déjanos un comentario:',
  linkLabel: 'Valorar mi visita',
  expiry: 'El enlace sirve una vez y caduca en {days} días.',
};

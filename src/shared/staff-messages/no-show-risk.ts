// Texts of the no-show risk (issue 47, item 4; decision 043): the reasons' labels in the host stand's popover, the
// guest data export and 'Llamar para confirmar'. Loaded with those chunks, so /admin's first load skips them.

import type { NoShowRiskLevel, NoShowRiskReason } from '../schemas/no-show-risk.ts';

export const noShowRiskMessages = {
  levels: { baja: 'baja', media: 'media', alta: 'alta' } satisfies Record<NoShowRiskLevel, string>,
  /** The icon's accessible name. */
  names: {
    baja: 'Riesgo de no presentarse: baja',
    media: 'Riesgo de no presentarse: media',
    alta: 'Riesgo de no presentarse: alta',
  } satisfies Record<NoShowRiskLevel, string>,
  reasonsIntro: 'Por qué:',
  reasons: {
    earlierNoShows: 'No se presentó en reservas anteriores',
    lateCancellations: 'Canceló con menos de 24 horas en reservas anteriores',
    firstVisit: 'Primera visita',
    largeParty: 'Grupo de 6 o más personas',
    veryLargeParty: 'Grupo de 10 o más personas',
    bookedFarAhead: 'Reservada con más de 14 días de antelación',
    webRequest: 'Solicitud por la web',
    regular: 'Cliente habitual sin no-shows',
    guestConfirmed: 'Confirmó asistencia',
    cardGuarantee: 'Tarjeta en garantía',
  } satisfies Record<NoShowRiskReason, string>,
  /** 'Llamar para confirmar' (the Reservas toolbar's dialog; its button's name is the first screen's). */
  callToConfirm: {
    title: 'Llamar para confirmar',
    description: 'Reservas de mañana, {date}, con riesgo alto de no presentarse: llama para confirmarlas.',
    empty: 'Ninguna reserva de mañana tiene riesgo alto de no presentarse.',
    party: '{time} · {people} personas',
    call: 'Llamar a {name}: {phone}',
    noPhone: 'Sin teléfono',
  },
  hint: 'Una estimación a partir de su historial y de la reserva: sirve para llamar a confirmar, nunca para rechazar una reserva.',
} as const;

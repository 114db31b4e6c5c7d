// Texts of the no-show risk (issue 47, item 4; decision 043): the reasons' labels in the host stand's popover, the
// guest data export and 'Llamar para confirmar'. Loaded with those chunks, so /admin's first load skips them.

// The icon's name and the levels' words are the first screen's (staff-messages.ts, admin.today.noShowRisk).

import type { NoShowRiskReason } from '../schemas/no-show-risk.ts';

export const noShowRiskMessages = {
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
  hint: 'Una estimación a partir de su historial y de la reserva: sirve para llamar a confirmar, nunca para rechazar una reserva.',
} as const;

// Estadísticas › 'Ticket medio' (issue 47, item 3): in the statistics view's chunk only (statistics.ts is read by
// /admin's first screen).

export const spendStatisticsTexts = {
  title: 'Ticket medio',
  average: 'Por visita',
  averageNote: 'Media de las cuentas apuntadas',
  perPerson: 'Por persona',
  billedVisits: 'Visitas con importe',
  billedOfOne: 'de 1 visita',
  billedOfMany: 'de {count} visitas',
};

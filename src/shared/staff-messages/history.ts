// Texts of the Historial tab (the reservations list, its filters and pages), loaded with the tab. Same conventions as
// staff-messages.ts; the arrival status's label is the cards' too, so it stays in the first screen's catalogue.
import { staffMessages } from '../staff-messages.ts';

export const historyMessages = {
  ...staffMessages.admin.history,
  startDate: 'Fecha de inicio',
  endDate: 'Fecha de fin',
  status: 'Estado',
  all: 'Todos',
  search: 'Buscar por nombre, email o teléfono',
  sortBy: 'Ordenar por',
  sortFields: {
    reservationDate: 'Fecha',
    reservationTime: 'Hora',
    createdAt: 'Fecha de creación',
    customerName: 'Nombre',
  },
  descending: 'Descendente',
  ascending: 'Ascendente',
  clearFilters: 'Limpiar filtros',
  found: '{count} reservas encontradas',
  foundOne: '1 reserva encontrada',
  foundMoreThan: 'Más de {count} reservas encontradas',
  direction: 'Dirección',
  filters: 'Filtros',
  previousPage: 'Página anterior',
  nextPage: 'Página siguiente',
  pageOf: 'Página {page} de {pages}',
  pagination: 'Paginación',
  results: 'Resultados',
  empty: 'No se encontraron reservas',
};

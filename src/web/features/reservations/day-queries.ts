// The day's reservations and its pause as the Reservas tab (features/today) reads them; the changes that refresh
// them sit beside them in api/.
export { useTodayPause } from './api/get-today-pause';
export { useTodayReservations } from './api/get-today-reservations';

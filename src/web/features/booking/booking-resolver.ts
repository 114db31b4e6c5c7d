// Loaded on the booking form's first focus or validation: zod and the reservation schema stay out of the
// landing page's initial JavaScript.
import { zodResolver } from '@hookform/resolvers/zod';
import { publicReservationSchema } from '@shared/schemas/reservation';

export const bookingResolver = zodResolver(publicReservationSchema);

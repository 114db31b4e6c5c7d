// Default values of the single-row settings tables and of the weekly opening hours (spec point 3).
// The seed writes them on first start; the restore-default buttons read them back.
// Template placeholders use single braces: {customerName}, {time}, …
import {
  BUSINESS_TIME_ZONE,
  CLOSED_WEEKDAY,
  DEFAULT_REPORT_TIME,
  DISPLAYED_CLOSING_TIME,
  DISPLAYED_OPENING_TIME,
} from './limits.ts';

export const restaurantConfigDefaults = {
  name: 'Mi Restaurante',
  brandColor: '#b45309',
  welcomeMessage: 'Bienvenido a nuestro restaurante',
  confirmationMessage: 'Tu reserva ha sido confirmada por el establecimiento',
  autoConfirmationMessage: 'Su reserva ha sido confirmada automáticamente. Nos vemos pronto!',
  reminder24hEnabled: true,
  reminder24hMessage:
    'Te recordamos que mañana tienes una reserva a las {time} para {people} personas. ¡Te esperamos!',
  reminder2hEnabled: true,
  reminder2hMessage: 'Te recordamos que tu reserva es hoy a las {time}, dentro de 2 horas. ¡Te esperamos!',
  cancellationMessage: 'Su reserva ha sido cancelada. Si tiene alguna pregunta, contáctenos.',
  cancellationPolicy: 'Las reservas pueden cancelarse hasta 2 horas antes de la hora programada.',
  reservationDurationMinutes: 90,
  autoConfirmationEnabled: false,
  reservationsPaused: false,
  adminEmail: null,
  additionalReportEmail: null,
  dailyReportEnabled: false,
  dailyReportTime: DEFAULT_REPORT_TIME,
  dailyReportTimezone: BUSINESS_TIME_ZONE,
  onesignalAppId: null,
  logoUrl: null,
  openingTime: DISPLAYED_OPENING_TIME,
  closingTime: DISPLAYED_CLOSING_TIME,
  welcomeEmailEnabled: true,
  welcomeEmailMessage:
    'Hola {customerName},\n\n' +
    'Hemos recibido tu solicitud de reserva en {restaurantName} para el {reservationDate} a las {reservationTime} ' +
    'para {numberOfPeople} personas.\n\n' +
    'Tu reserva está pendiente de confirmación por parte del restaurante. ' +
    'Te escribiremos de nuevo en cuanto la confirmemos.\n\n' +
    '¡Gracias por elegirnos!',
  welcomeEmailSubject: 'Solicitud de reserva recibida - pendiente de confirmación',
  reminder24hSubject: 'Recordatorio: tu reserva es mañana',
  reminder2hSubject: 'Recordatorio: tu reserva es en 2 horas',
  cancellationSubject: 'Reserva cancelada',
  contactPhone1: null,
  contactPhone2: null,
} as const;

export type RestaurantConfigDefaults = typeof restaurantConfigDefaults;

export const notificationSettingsDefaults = {
  pushNotificationsEnabled: false,
  emailNotificationsEnabled: true,
  reminderNotificationsEnabled: true,
  newRequestEmailMode: 'each',
} as const;

export interface OperatingHoursDefault {
  /** 0 Sunday … 6 Saturday. */
  readonly dayOfWeek: number;
  readonly isOpen: boolean;
  readonly openTime: string;
  readonly closeTime: string;
  readonly breakStartTime: string | null;
  readonly breakEndTime: string | null;
}

/** Sunday first. Tuesday to Sunday open 13:00-18:00 without a break; Monday closed (same times kept). */
export const operatingHoursDefaults: readonly OperatingHoursDefault[] = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
  dayOfWeek,
  isOpen: dayOfWeek !== CLOSED_WEEKDAY,
  openTime: DISPLAYED_OPENING_TIME,
  closeTime: DISPLAYED_CLOSING_TIME,
  breakStartTime: null,
  breakEndTime: null,
}));

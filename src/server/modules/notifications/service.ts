// What other modules may use of notifications: the emails and staff pushes a reservation causes, and the layout
// the daily report is rendered in.
export { type EmailBrand, renderEmail } from './email-layout.ts';
export {
  cancelledEmail,
  guestCancelledPush,
  guestReceivedEmail,
  guestStatusEmail,
  modifiedEmail,
  newReservationPush,
  staffNewReservationEmails,
  staffRecipients,
} from './emails.ts';
export { guaranteeLinkEmail } from './guarantee-link-email.ts';
export { linkResentEmail } from './link-resent-email.ts';
export { forgetReminders, restoreReminders, type SentReminder } from './reminders.ts';

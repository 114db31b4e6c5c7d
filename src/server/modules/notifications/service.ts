// What other modules may use of notifications: the emails and staff pushes a reservation causes (with its saved card,
// if any), the email of a booking that waited for its card and was not made, and the layout the daily report uses.
export { bookingNotMadeEmail, type NotMadeReason } from './booking-not-made-email.ts';
export { type EmailBrand, renderEmail } from './email-layout.ts';
export { type EmailGuarantee, emailGuaranteeOf } from './guarantee-block.ts';
export { guaranteeLinkEmail } from './guarantee-link-email.ts';
export { cancelledEmail, guestReceivedEmail, guestStatusEmail, modifiedEmail } from './guest-reservation-emails.ts';
export { linkResentEmail } from './link-resent-email.ts';
export { alertStaffOfRequest, pendingRequests, type ReceivedRequest, receivedRequestsTable, takePendingRequests } from './new-request-alerts.ts';
export { type DueReservation, forgetReminders, restoreReminders, type SentReminder } from './reminders.ts';
export { guestCancelledPush, guestMessagePush, newReservationPush, partyPushLine, staffNewReservationEmails, staffRecipients } from './staff-alerts.ts';

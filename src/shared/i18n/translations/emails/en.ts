// The guest emails' texts in English (issue 26): a translation of guest-email-texts.ts.
import type { GuestEmailTexts } from '../../guest-email-texts.ts';

const texts: GuestEmailTexts = {
  templates: {
    welcomeMessage: 'Welcome to our restaurant',
    cancellationPolicy: 'Bookings can be cancelled up to 2 hours before the booked time.',
    welcomeEmailSubject: 'Booking request received - awaiting confirmation',
    welcomeEmailMessage:
      'Hello {customerName},\n\nWe’ve received your booking request for {numberOfPeople} people at {restaurantName} on {reservationDate} at {reservationTime}.\n\nYour booking is awaiting confirmation from the restaurant. We’ll be in touch again as soon as we’ve confirmed it.\n\nThank you for choosing us!',
    confirmationMessage: 'Your booking has been confirmed by the restaurant',
    autoConfirmationMessage: 'Your booking has been confirmed automatically. See you soon!',
    reminder24hSubject: 'Reminder: your booking is tomorrow',
    reminder24hMessage: 'Just a reminder that you have a booking tomorrow at {time} for {people} people. We look forward to seeing you!',
    reminder2hSubject: 'Reminder: your booking is in 2 hours',
    reminder2hMessage: 'Just a reminder that your booking is today at {time}, in 2 hours. We look forward to seeing you!',
    cancellationSubject: 'Booking cancelled',
    cancellationMessage: 'Your booking has been cancelled. If you have any questions, please contact us.',
  },
  headings: {
    welcome: 'Booking request received',
    confirmed: 'Booking confirmed',
    cancelled: 'Booking cancelled',
    reminder: 'Booking reminder',
    modified: 'Booking updated',
    linkResent: 'Your booking link',
  },
  guaranteeLink: {
    subject: 'Card guarantee for your booking · {restaurant}',
    heading: 'Card guarantee',
    intro: 'Hello {name}, for your booking at {restaurant} we ask you for a card as a guarantee.',
    linkIntro: 'Save it using this link, valid until {until}:',
    label: 'Save my card',
  },
  confirmedSubject: 'Booking confirmed · {restaurant}',
  modifiedSubject: 'Booking updated · {restaurant}',
  modifiedIntro: 'Hello {name}, we’ve updated your booking at {restaurant}. Here are the new details:',
  modifiedCalendar: 'The attached file updates the booking in your calendar.',
  linkResentSubject: 'Your booking link · {restaurant}',
  linkResentIntro: 'Hello {name}, we’ve received another booking request with your details for that day. You already have this booking:',
  cancellationReason: 'Reason: {reason}',
  details: {
    name: 'Name',
    date: 'Date',
    time: 'Time',
    people: 'Guests',
    phone: 'Phone',
    email: 'Email',
    note: 'Note',
  },
  contactPhones: 'Phone: {phones}',
  chatGreeting: 'Hello {name}, this is {restaurant} about your booking on {date} at {time}.',
  manageIntro: 'View, cancel or change your booking using your private link:',
  manageLabel: 'Manage my booking',
  guestData: {
    exportSubject: 'Your personal data at {restaurant}',
    exportHeading: 'Your personal data',
    exportIntro:
      'Hello {name}, as you requested from your booking, here is everything {restaurant} holds about you, in two attached files: {json}, the complete record, and {html}, a summary to read in your browser.',
    notYou: 'If you didn’t request this, please call us.',
    exportFileName: 'my-data.{format}',
    erasureSubject: 'Confirm the deletion of your data at {restaurant}',
    erasureHeading: 'Confirm the deletion of your data',
    erasureIntro:
      'Hello {name}, you asked us from your booking to delete your personal data. Nothing will be deleted until you confirm using this link, which can only be used once and expires on {date} at {time}.',
    erasureLinkIntro: 'To confirm the deletion:',
    erasureLinkLabel: 'Delete my data',
    erasureIgnore: 'If you didn’t request this, please ignore this email: nothing will be deleted.',
  },
  waitlist: {
    joinedSubject: 'Waiting list · {restaurant}',
    joinedHeading: 'You’re on the waiting list',
    joinedIntro:
      'Hello {name}, we’ve added you to the waiting list at {restaurant}. If a table becomes available for your party, we’ll email you a link to accept it.',
    leaveIntro: 'If you no longer need it, you can leave the list:',
    leaveLabel: 'View or leave the waiting list',
    offerSubject: 'Table available · {restaurant}',
    offerHeading: 'A table has become available',
    offerIntro:
      'Hello {name}, a table has become available for your party at {restaurant}. We’ll hold it for you for {minutes} minutes, until {until}; after that, it will be offered to the next person on the list.',
    offerLinkIntro: 'To book it, accept it here:',
    offerLabel: 'Accept the table',
    expiredSubject: 'Offer expired · {restaurant}',
    expiredHeading: 'Your offer has expired',
    expiredIntro: 'Hello {name}, the time to accept the table we held for you at {restaurant} is up, and it has been offered to the next person on the list.',
    expiredLinkIntro: 'If you’d still like to come that day, see whether any tables are free:',
    expiredLabel: 'See free tables',
  },
  noShowCharge: {
    subject: 'Approve the no-show fee · {restaurant}',
    heading: 'Your bank asks you to approve a charge',
    intro:
      'Hello {name}, you did not come to your booking at {restaurant} on {date} at {time}. Under its cancellation policy, the restaurant charges the no-show fee: {amount} for {people, plural, one {# person} other {# people}}.',
    bank: 'Your bank asks you to approve this charge before it is made.',
    linkIntro: 'Approve it on the secure payment page:',
    linkLabel: 'Approve the payment of {amount}',
    questions: 'If you have any questions, reply to this email or call the restaurant.',
  },
  cardGuarantee: {
    policy:
      'Your card{card} is saved as a guarantee; nothing has been charged. You can cancel free of charge until {date} at {time}. After that, or if you don’t come, the restaurant may charge {amount} per person ({total} in total).',
    policyNoFreeCancellation:
      'Your card{card} is saved as a guarantee; nothing has been charged. If you cancel or don’t come, the restaurant may charge {amount} per person ({total} in total).',
    released: 'We have released the card you left as a guarantee: you will not be charged.',
    notBookedSubject: 'Your booking was not made · {restaurant}',
    notBookedHeading: 'Booking not made',
    notBookedIntro: 'Hello {name}, this is the booking you requested at {restaurant}:',
  },
  feedback: {
    subject: 'How was your visit to {restaurant}?',
    heading: 'How was your visit?',
    intro: 'Hello {name}, thank you for coming to {restaurant} on {date}. Would you tell us how it went? It only takes a minute.',
    linkIntro: 'Rate your visit from 1 to 5 and, if you like, leave us a comment:',
    linkLabel: 'Rate my visit',
    expiry: 'The link works once and expires in {days} days.',
  },
};

export default texts;

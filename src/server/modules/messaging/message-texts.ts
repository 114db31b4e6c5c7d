// What the guest reads by SMS, and staff in 'Mensajes' for a WhatsApp template (issue 46): in the guest's language,
// in the register of that language's other guest texts (tú in Spanish, vous and Sie in French and German). A WhatsApp template's own words are the ones the owner had Meta approve; its parameters are
// the same values in the same order (README, 'WhatsApp and SMS').
import type { Language } from '@shared/i18n/languages.ts';
import type { TemplateMessageKind } from '@shared/schemas/messaging.ts';

/** 'thanks' answers a 'Confirmo' as free text, inside the window the guest's answer opened. */
type Texts = Record<TemplateMessageKind | 'reminderButtons' | 'thanks', string>;

export const MESSAGE_TEXTS: Record<Language, Texts> = {
  es: {
    confirmation: '{restaurant}: ¡hola, {name}! Tu reserva está confirmada: {date} a las {time}, mesa para {people}. Puedes verla o cambiarla aquí: {link}',
    modification: '{restaurant}: {name}, tu reserva ha cambiado. Ahora es el {date} a las {time}, mesa para {people}. Detalles: {link}',
    cancellation: '{restaurant}: {name}, tu reserva del {date} a las {time} está cancelada.',
    reminder: '{restaurant}: {name}, te esperamos el {date} a las {time}, mesa para {people}. Responde 1 para confirmar, 9 para cancelar. Tu reserva: {link}',
    reminderButtons: '{restaurant}: {name}, te esperamos el {date} a las {time}, mesa para {people}. Tu reserva: {link} [Confirmo] [No puedo ir]',
    waitlist_offer: '{restaurant}: {name}, ¡se ha liberado una mesa! {date} a las {time} para {people}. Tienes {minutes} minutos para aceptarla: {link}',
    feedback: '{restaurant}: gracias por venir, {name}. ¿Qué tal fue? Cuéntanoslo en un minuto: {link}',
    thanks: '{restaurant}: ¡gracias por confirmar, {name}! Te esperamos el {date} a las {time}.',
  },
  en: {
    confirmation: '{restaurant}: hi {name}! Your booking is confirmed: {date} at {time}, table for {people}. See or change it here: {link}',
    modification: '{restaurant}: {name}, your booking has changed. It is now on {date} at {time}, table for {people}. Details: {link}',
    cancellation: '{restaurant}: {name}, your booking on {date} at {time} is cancelled.',
    reminder: '{restaurant}: {name}, we look forward to seeing you on {date} at {time}, table for {people}. Reply 1 to confirm, 9 to cancel. Your booking: {link}',
    reminderButtons: '{restaurant}: {name}, we look forward to seeing you on {date} at {time}, table for {people}. Your booking: {link} [Confirmo] [No puedo ir]',
    waitlist_offer: '{restaurant}: {name}, a table is free! {date} at {time} for {people}. You have {minutes} minutes to accept it: {link}',
    feedback: '{restaurant}: thank you for coming, {name}. How was it? Tell us in a minute: {link}',
    thanks: '{restaurant}: thank you for confirming, {name}! See you on {date} at {time}.',
  },
  ca: {
    confirmation: '{restaurant}: hola, {name}! La teva reserva està confirmada: {date} a les {time}, taula per a {people}. Pots veure-la o canviar-la aquí: {link}',
    modification: '{restaurant}: {name}, la teva reserva ha canviat. Ara és el {date} a les {time}, taula per a {people}. Detalls: {link}',
    cancellation: '{restaurant}: {name}, la teva reserva del {date} a les {time} està cancel·lada.',
    reminder: '{restaurant}: {name}, t’esperem el {date} a les {time}, taula per a {people}. Respon 1 per confirmar, 9 per cancel·lar. La teva reserva: {link}',
    reminderButtons: '{restaurant}: {name}, t’esperem el {date} a les {time}, taula per a {people}. La teva reserva: {link} [Confirmo] [No puedo ir]',
    waitlist_offer: '{restaurant}: {name}, s’ha alliberat una taula! {date} a les {time} per a {people}. Tens {minutes} minuts per acceptar-la: {link}',
    feedback: '{restaurant}: gràcies per venir, {name}. Com va anar? Explica-ho en un minut: {link}',
    thanks: '{restaurant}: gràcies per confirmar, {name}! T’esperem el {date} a les {time}.',
  },
  fr: {
    confirmation: '{restaurant} : bonjour {name} ! Votre réservation est confirmée : {date} à {time}, table pour {people}. Vous pouvez la voir ou la modifier ici : {link}',
    modification: '{restaurant} : {name}, votre réservation a changé. Elle est maintenant le {date} à {time}, table pour {people}. Détails : {link}',
    cancellation: '{restaurant} : {name}, votre réservation du {date} à {time} est annulée.',
    reminder: '{restaurant} : {name}, nous vous attendons le {date} à {time}, table pour {people}. Répondez 1 pour confirmer, 9 pour annuler. Votre réservation : {link}',
    reminderButtons: '{restaurant} : {name}, nous vous attendons le {date} à {time}, table pour {people}. Votre réservation : {link} [Confirmo] [No puedo ir]',
    waitlist_offer: '{restaurant} : {name}, une table s’est libérée ! {date} à {time} pour {people}. Vous avez {minutes} minutes pour l’accepter : {link}',
    feedback: '{restaurant} : merci de votre visite, {name}. Comment était-ce ? Dites-le-nous en une minute : {link}',
    thanks: '{restaurant} : merci d’avoir confirmé, {name} ! Nous vous attendons le {date} à {time}.',
  },
  de: {
    confirmation: '{restaurant}: Hallo {name}! Ihre Reservierung ist bestätigt: {date} um {time}, Tisch für {people}. Hier können Sie sie ansehen oder ändern: {link}',
    modification: '{restaurant}: {name}, Ihre Reservierung wurde geändert. Sie ist jetzt am {date} um {time}, Tisch für {people}. Details: {link}',
    cancellation: '{restaurant}: {name}, Ihre Reservierung am {date} um {time} ist storniert.',
    reminder: '{restaurant}: {name}, wir erwarten Sie am {date} um {time}, Tisch für {people}. Antworten Sie 1 zum Bestätigen, 9 zum Stornieren. Ihre Reservierung: {link}',
    reminderButtons: '{restaurant}: {name}, wir erwarten Sie am {date} um {time}, Tisch für {people}. Ihre Reservierung: {link} [Confirmo] [No puedo ir]',
    waitlist_offer: '{restaurant}: {name}, ein Tisch ist frei geworden! {date} um {time} für {people}. Sie haben {minutes} Minuten, um ihn anzunehmen: {link}',
    feedback: '{restaurant}: Danke für Ihren Besuch, {name}. Wie war es? Sagen Sie es uns in einer Minute: {link}',
    thanks: '{restaurant}: Danke für Ihre Bestätigung, {name}! Wir erwarten Sie am {date} um {time}.',
  },
  it: {
    confirmation: '{restaurant}: ciao {name}! La tua prenotazione è confermata: {date} alle {time}, tavolo per {people}. Puoi vederla o modificarla qui: {link}',
    modification: '{restaurant}: {name}, la tua prenotazione è cambiata. Ora è il {date} alle {time}, tavolo per {people}. Dettagli: {link}',
    cancellation: '{restaurant}: {name}, la tua prenotazione del {date} alle {time} è cancellata.',
    reminder: '{restaurant}: {name}, ti aspettiamo il {date} alle {time}, tavolo per {people}. Rispondi 1 per confermare, 9 per cancellare. La tua prenotazione: {link}',
    reminderButtons: '{restaurant}: {name}, ti aspettiamo il {date} alle {time}, tavolo per {people}. La tua prenotazione: {link} [Confirmo] [No puedo ir]',
    waitlist_offer: '{restaurant}: {name}, si è liberato un tavolo! {date} alle {time} per {people}. Hai {minutes} minuti per accettarlo: {link}',
    feedback: '{restaurant}: grazie per essere venuto, {name}. Com’è andata? Raccontacelo in un minuto: {link}',
    thanks: '{restaurant}: grazie per la conferma, {name}! Ti aspettiamo il {date} alle {time}.',
  },
};

// The guest emails' texts in Italian (issue 26): a translation of guest-email-texts.ts.
import type { GuestEmailTexts } from '../../guest-email-texts.ts';

const texts: GuestEmailTexts = {
  templates: {
    welcomeMessage: 'Benvenuti nel nostro ristorante',
    cancellationPolicy: 'Le prenotazioni possono essere cancellate fino a 2 ore prima dell’orario previsto.',
    welcomeEmailSubject: 'Richiesta di prenotazione ricevuta - in attesa di conferma',
    welcomeEmailMessage:
      'Ciao {customerName},\n\nabbiamo ricevuto la tua richiesta di prenotazione presso {restaurantName} per {reservationDate} alle {reservationTime} per {numberOfPeople} persone.\n\nLa tua prenotazione è in attesa di conferma da parte del ristorante. Ti scriveremo di nuovo non appena l’avremo confermata.\n\nGrazie per averci scelto!',
    confirmationMessage: 'La tua prenotazione è stata confermata dal ristorante',
    autoConfirmationMessage: 'La tua prenotazione è stata confermata automaticamente. A presto!',
    reminder24hSubject: 'Promemoria: la tua prenotazione è domani',
    reminder24hMessage: 'Ti ricordiamo che domani hai una prenotazione alle {time} per {people} persone. Ti aspettiamo!',
    reminder2hSubject: 'Promemoria: la tua prenotazione è tra 2 ore',
    reminder2hMessage: 'Ti ricordiamo che la tua prenotazione è oggi alle {time}, tra 2 ore. Ti aspettiamo!',
    cancellationSubject: 'Prenotazione cancellata',
    cancellationMessage: 'La tua prenotazione è stata cancellata. Per qualsiasi domanda, contattaci.',
  },
  headings: {
    welcome: 'Richiesta di prenotazione ricevuta',
    confirmed: 'Prenotazione confermata',
    cancelled: 'Prenotazione cancellata',
    reminder: 'Promemoria della tua prenotazione',
    modified: 'Prenotazione modificata',
    linkResent: 'Il link della tua prenotazione',
  },
  guaranteeLink: {
    subject: 'Garanzia con carta per la tua prenotazione · {restaurant}',
    heading: 'Garanzia con carta',
    intro: 'Ciao {name}, per la tua prenotazione da {restaurant} ti chiediamo una carta come garanzia.',
    linkIntro: 'Salvala con questo link, valido fino al {until}:',
    label: 'Salva la mia carta',
  },
  confirmedSubject: 'Prenotazione confermata · {restaurant}',
  modifiedSubject: 'Prenotazione modificata · {restaurant}',
  modifiedIntro: 'Ciao {name}, abbiamo modificato la tua prenotazione presso {restaurant}. Ecco i nuovi dettagli:',
  modifiedCalendar: 'Il file allegato aggiorna la prenotazione nel tuo calendario.',
  linkResentSubject: 'Il link della tua prenotazione · {restaurant}',
  linkResentIntro: 'Ciao {name}, abbiamo ricevuto un’altra richiesta di prenotazione con i tuoi dati per quel giorno. Hai già questa prenotazione:',
  cancellationReason: 'Motivo: {reason}',
  details: {
    name: 'Nome',
    date: 'Data',
    time: 'Orario',
    people: 'Persone',
    phone: 'Telefono',
    email: 'Email',
    note: 'Nota',
  },
  contactPhones: 'Telefono: {phones}',
  chatGreeting: 'Ciao {name}, ti scriviamo da {restaurant} per la tua prenotazione del {date} alle {time}.',
  manageIntro: 'Consulta, modifica o cancella la tua prenotazione dal tuo link personale:',
  manageLabel: 'Gestisci la mia prenotazione',
  guestData: {
    exportSubject: 'I tuoi dati personali presso {restaurant}',
    exportHeading: 'I tuoi dati personali',
    exportIntro:
      'Ciao {name}, come hai richiesto dalla tua prenotazione, ti inviamo tutti i dati che {restaurant} conserva su di te in due file allegati: {json}, completo, e {html}, un riepilogo da leggere nel browser.',
    notYou: 'Se non l’hai richiesto tu, chiamaci.',
    exportFileName: 'i-miei-dati.{format}',
    erasureSubject: 'Conferma l’eliminazione dei tuoi dati presso {restaurant}',
    erasureHeading: 'Conferma l’eliminazione dei tuoi dati',
    erasureIntro:
      'Ciao {name}, dalla tua prenotazione hai chiesto di eliminare i tuoi dati personali. Non verrà eliminato nulla finché non confermi con questo link, che si può usare una sola volta e scade {date} alle {time}.',
    erasureLinkIntro: 'Per confermare l’eliminazione:',
    erasureLinkLabel: 'Elimina i miei dati',
    erasureIgnore: 'Se non l’hai richiesto tu, ignora questa email: non verrà eliminato nulla.',
  },
  waitlist: {
    joinedSubject: 'Lista d’attesa · {restaurant}',
    joinedHeading: 'Sei in lista d’attesa',
    joinedIntro:
      'Ciao {name}, la tua iscrizione alla lista d’attesa di {restaurant} è confermata. Se si libera un tavolo per il tuo gruppo, ti scriveremo con un link per accettarlo.',
    leaveIntro: 'Se non ti serve più, puoi uscire dalla lista:',
    leaveLabel: 'Vedi la tua iscrizione o esci dalla lista d’attesa',
    offerSubject: 'Tavolo disponibile · {restaurant}',
    offerHeading: 'Si è liberato un tavolo',
    offerIntro:
      'Ciao {name}, si è liberato un tavolo per il tuo gruppo presso {restaurant}. Te lo teniamo per {minutes} minuti, fino alle {until}; dopodiché verrà offerto alla persona successiva in lista.',
    offerLinkIntro: 'Per prenotarlo, accettalo qui:',
    offerLabel: 'Accetta il tavolo',
    expiredSubject: 'Offerta scaduta · {restaurant}',
    expiredHeading: 'La tua offerta è scaduta',
    expiredIntro: 'Ciao {name}, il tempo per accettare il tavolo che ti tenevamo da {restaurant} è terminato ed è stato offerto alla persona successiva in lista.',
    expiredLinkIntro: 'Se vuoi ancora venire quel giorno, guarda se ci sono tavoli liberi:',
    expiredLabel: 'Vedi i tavoli liberi',
  },
  noShowCharge: {
    subject: 'Approva l’addebito per mancata presentazione · {restaurant}',
    heading: 'La tua banca ti chiede di approvare un addebito',
    intro:
      'Ciao {name}, non ti sei presentato/a alla tua prenotazione da {restaurant} del {date} alle {time}. Secondo la sua politica di cancellazione, il ristorante addebita la penale per mancata presentazione: {amount} per {people, plural, one {# persona} other {# persone}}.',
    bank: 'La tua banca ti chiede di approvare questo addebito prima di effettuarlo.',
    linkIntro: 'Approvalo nella pagina di pagamento sicura:',
    linkLabel: 'Approva il pagamento di {amount}',
    questions: 'Per qualsiasi domanda, rispondi a questa email o chiama il ristorante.',
  },
  cardGuarantee: {
    policy:
      'La tua carta{card} è registrata come garanzia; non è stato addebitato nulla. Puoi cancellare gratuitamente fino a {date} alle {time}. Dopo, o se non vieni, il ristorante può addebitare {amount} a persona ({total} in totale).',
    policyNoFreeCancellation:
      'La tua carta{card} è registrata come garanzia; non è stato addebitato nulla. Se cancelli o non vieni, il ristorante può addebitare {amount} a persona ({total} in totale).',
    released: 'Abbiamo liberato la carta lasciata come garanzia: non ti verrà addebitato nulla.',
    notBookedSubject: 'La tua prenotazione non è stata effettuata · {restaurant}',
    notBookedHeading: 'Prenotazione non effettuata',
    notBookedIntro: 'Ciao {name}, questa è la prenotazione che hai richiesto presso {restaurant}:',
  },
  feedback: {
    subject: 'Com’è andata la tua visita da {restaurant}?',
    heading: 'Com’è andata la tua visita?',
    intro: 'Ciao {name}, grazie per essere venuto da {restaurant} il {date}. Ci racconti com’è andata? Ci vuole solo un minuto.',
    linkIntro: 'Valuta la tua visita da 1 a 5 e, se vuoi, lasciaci un commento:',
    linkLabel: 'Valuta la mia visita',
    expiry: 'Il link vale una volta e scade tra {days} giorni.',
  },
};

export default texts;

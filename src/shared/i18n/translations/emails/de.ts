// The guest emails' texts in German (issue 26): a translation of guest-email-texts.ts.
import type { GuestEmailTexts } from '../../guest-email-texts.ts';

const texts: GuestEmailTexts = {
  templates: {
    welcomeMessage: 'Willkommen in unserem Restaurant',
    cancellationPolicy: 'Reservierungen können bis 2 Stunden vor der reservierten Uhrzeit storniert werden.',
    welcomeEmailSubject: 'Reservierungsanfrage erhalten – Bestätigung ausstehend',
    welcomeEmailMessage:
      'Hallo {customerName},\n\n' +
      'wir haben Ihre Reservierungsanfrage bei {restaurantName} für {numberOfPeople} Personen am {reservationDate} um {reservationTime} Uhr erhalten.\n\n' +
      'Ihre Reservierung muss noch vom Restaurant bestätigt werden. Wir melden uns bei Ihnen, sobald wir sie bestätigt haben.\n\n' +
      'Vielen Dank, dass Sie sich für uns entschieden haben!',
    confirmationMessage: 'Ihre Reservierung wurde vom Restaurant bestätigt.',
    autoConfirmationMessage: 'Ihre Reservierung wurde automatisch bestätigt. Wir freuen uns auf Ihren Besuch!',
    reminder24hSubject: 'Erinnerung: Ihre Reservierung ist morgen',
    reminder24hMessage:
      'Wir möchten Sie daran erinnern, dass Sie morgen um {time} Uhr eine Reservierung für {people} Personen haben. Wir freuen uns auf Sie!',
    reminder2hSubject: 'Erinnerung: Ihre Reservierung in 2 Stunden',
    reminder2hMessage:
      'Wir möchten Sie daran erinnern, dass Ihre Reservierung heute um {time} Uhr ist, also in 2 Stunden. Wir freuen uns auf Sie!',
    cancellationSubject: 'Reservierung storniert',
    cancellationMessage: 'Ihre Reservierung wurde storniert. Bei Fragen können Sie sich gern an uns wenden.',
  },
  headings: {
    welcome: 'Reservierungsanfrage erhalten',
    confirmed: 'Reservierung bestätigt',
    cancelled: 'Reservierung storniert',
    reminder: 'Erinnerung an Ihre Reservierung',
    modified: 'Reservierung geändert',
    linkResent: 'Der Link zu Ihrer Reservierung',
  },
  guaranteeLink: {
    subject: 'Kartengarantie für Ihre Reservierung · {restaurant}',
    heading: 'Kartengarantie',
    intro: 'Hallo {name}, für Ihre Reservierung bei {restaurant} bitten wir Sie um eine Karte als Garantie.',
    linkIntro: 'Hinterlegen Sie sie über diesen Link, gültig bis {until}:',
    label: 'Meine Karte hinterlegen',
  },
  confirmedSubject: 'Reservierung bestätigt · {restaurant}',
  modifiedSubject: 'Reservierung geändert · {restaurant}',
  modifiedIntro: 'Hallo {name}, wir haben Ihre Reservierung bei {restaurant} geändert. Hier sind die neuen Details:',
  modifiedCalendar: 'Die angehängte Datei aktualisiert die Reservierung in Ihrem Kalender.',
  linkResentSubject: 'Der Link zu Ihrer Reservierung · {restaurant}',
  linkResentIntro: 'Hallo {name}, wir haben eine weitere Reservierungsanfrage mit Ihren Daten für diesen Tag erhalten. Sie haben bereits diese Reservierung:',
  cancellationReason: 'Grund: {reason}',
  details: {
    name: 'Name',
    date: 'Datum',
    time: 'Uhrzeit',
    people: 'Personen',
    phone: 'Telefon',
    email: 'E-Mail',
    note: 'Anmerkung',
  },
  contactPhones: 'Telefon: {phones}',
  chatGreeting: 'Guten Tag {name}, hier ist {restaurant} wegen Ihrer Reservierung am {date} um {time}.',
  manageIntro: 'Über Ihren persönlichen Link können Sie Ihre Reservierung einsehen, stornieren oder ändern:',
  manageLabel: 'Meine Reservierung verwalten',
  guestData: {
    exportSubject: 'Ihre persönlichen Daten bei {restaurant}',
    exportHeading: 'Ihre persönlichen Daten',
    exportIntro:
      'Hallo {name}, wie über Ihre Reservierung angefordert, senden wir Ihnen alle Daten, die {restaurant} über Sie speichert, in zwei Anhängen: {json}, vollständig, und {html}, eine Zusammenfassung zum Lesen im Browser.',
    notYou: 'Falls Sie dies nicht angefordert haben, rufen Sie uns bitte an.',
    exportFileName: 'meine-daten.{format}',
    erasureSubject: 'Bestätigen Sie die Löschung Ihrer Daten bei {restaurant}',
    erasureHeading: 'Bestätigen Sie die Löschung Ihrer Daten',
    erasureIntro:
      'Hallo {name}, Sie haben über Ihre Reservierung die Löschung Ihrer persönlichen Daten angefordert. Es wird nichts gelöscht, bis Sie dies über diesen Link bestätigen. Er kann nur einmal verwendet werden und läuft am {date} um {time} Uhr ab.',
    erasureLinkIntro: 'Zur Bestätigung der Löschung:',
    erasureLinkLabel: 'Meine Daten löschen',
    erasureIgnore: 'Falls Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail einfach: Es wird nichts gelöscht.',
  },
  waitlist: {
    joinedSubject: 'Warteliste · {restaurant}',
    joinedHeading: 'Sie stehen auf der Warteliste',
    joinedIntro:
      'Hallo {name}, wir haben Sie auf die Warteliste von {restaurant} gesetzt. Wird ein Tisch für Ihre Gruppe frei, schreiben wir Ihnen mit einem Link, über den Sie ihn annehmen können.',
    leaveIntro: 'Wenn Sie den Platz nicht mehr benötigen, können Sie die Warteliste verlassen:',
    leaveLabel: 'Warteliste ansehen oder verlassen',
    offerSubject: 'Tisch frei · {restaurant}',
    offerHeading: 'Ein Tisch ist frei geworden',
    offerIntro:
      'Hallo {name}, bei {restaurant} ist ein Tisch für Ihre Gruppe frei geworden. Wir halten ihn {minutes, plural, one {# Minute} other {# Minuten}} lang für Sie frei, bis {until} Uhr (Madrider Zeit); danach wird er der nächsten Person auf der Liste angeboten.',
    offerLinkIntro: 'Um ihn zu reservieren, nehmen Sie ihn hier an:',
    offerLabel: 'Tisch annehmen',
    expiredSubject: 'Angebot abgelaufen · {restaurant}',
    expiredHeading: 'Ihr Angebot ist abgelaufen',
    expiredIntro: 'Hallo {name}, die Frist zur Annahme des Tisches, den wir Ihnen im {restaurant} freigehalten haben, ist vorbei; er wurde der nächsten Person auf der Liste angeboten.',
    expiredLinkIntro: 'Wenn Sie an diesem Tag trotzdem kommen möchten, sehen Sie nach, ob noch Tische frei sind:',
    expiredLabel: 'Freie Tische ansehen',
  },
  noShowCharge: {
    subject: 'Bitte bestätigen Sie die No-Show-Gebühr · {restaurant}',
    heading: 'Ihre Bank bittet Sie, eine Zahlung zu bestätigen',
    intro:
      'Hallo {name}, Sie sind zu Ihrer Reservierung bei {restaurant} am {date} um {time} nicht erschienen. Gemäß seinen Stornierungsbedingungen berechnet das Restaurant die No-Show-Gebühr: {amount} für {people, plural, one {# Person} other {# Personen}}.',
    bank: 'Ihre Bank bittet Sie, diese Zahlung zu bestätigen, bevor sie ausgeführt wird.',
    linkIntro: 'Bestätigen Sie sie auf der sicheren Zahlungsseite:',
    linkLabel: 'Zahlung von {amount} bestätigen',
    questions: 'Bei Fragen antworten Sie auf diese E-Mail oder rufen Sie das Restaurant an.',
  },
  cardGuarantee: {
    policy:
      'Ihre Karte{card} ist als Garantie hinterlegt; es wurde nichts abgebucht. Bis {date} um {time} Uhr können Sie kostenlos stornieren. Danach, oder wenn Sie nicht kommen, kann das Restaurant {amount} pro Person ({total} insgesamt) berechnen.',
    policyNoFreeCancellation:
      'Ihre Karte{card} ist als Garantie hinterlegt; es wurde nichts abgebucht. Wenn Sie stornieren oder nicht kommen, kann das Restaurant {amount} pro Person ({total} insgesamt) berechnen.',
    released: 'Wir haben die als Garantie hinterlegte Karte freigegeben: Ihnen wird nichts berechnet.',
    notBookedSubject: 'Ihre Reservierung wurde nicht vorgenommen · {restaurant}',
    notBookedHeading: 'Reservierung nicht vorgenommen',
    notBookedIntro: 'Hallo {name}, dies ist die Reservierung, die Sie bei {restaurant} angefragt haben:',
  },
  feedback: {
    subject: 'Wie war Ihr Besuch bei {restaurant}?',
    heading: 'Wie war Ihr Besuch?',
    intro: 'Hallo {name}, danke, dass Sie am {date} bei {restaurant} waren. Erzählen Sie uns, wie es war? Es dauert nur eine Minute.',
    linkIntro: 'Bewerten Sie Ihren Besuch von 1 bis 5 und hinterlassen Sie uns gern einen Kommentar:',
    linkLabel: 'Besuch bewerten',
    expiry: 'Der Link gilt einmal und läuft in {days} Tagen ab.',
  },
  /** The readable summary attached to the guest's data export (issue 50, item 6). */
  exportSummary: {
    title: 'Personenbezogene Daten eines Gastes von {restaurant}',
    intro: 'Alles, was {restaurant} über diesen Gast speichert, exportiert am {date} um {time}.',
    profile: 'Profil',
    email: 'E-Mail',
    phone: 'Telefon',
    note: 'Notiz des Personals',
    tags: 'Schlagwörter',
    allergens: 'Allergene',
    since: 'Gast seit',
    figures: 'Besuche {visits}, Gäste {covers}, nicht erschienen {noShows}, Stornierungen {cancellations} (kurzfristig {lateCancellations})',
    lastVisit: 'Letzter Besuch',
    spend: 'Erfasster Umsatz',
    joinedProfiles: 'Mit diesem zusammengeführte Profile',
    riskObjection: 'Widerspruch gegen die Schätzung des Nichterscheinens',
    riskObjectedAt: 'Ja, seit {when}',
    riskNotObjected: 'Nein',
    reservations: 'Reservierungen',
    reservationLine: '{date} um {time}, {people} Personen: {status}',
    name: 'Name',
    notes: 'Notizen',
    cancellationReason: 'Stornierungsgrund',
    changes: 'Änderungen',
    noShowRisk: 'Geschätztes Risiko des Nichterscheinens (das Personal sieht es, um Sie zur Bestätigung anzurufen)',
    noShowRiskValue: '{level}: {reasons}',
    bill: 'Rechnungsbetrag',
    feedback: 'Ihre Bewertung des Besuchs',
    feedbackValue: '{rating} von 5, am {date}',
    feedbackPending: 'Am {date} angefragt; Sie haben nicht geantwortet',
    consents: 'Einwilligungen',
    consentLine: '{date}: Datenschutzerklärung {version}, akzeptiert von {email}',
    messagingConsentLine: '{date}: „{text}“ ({channel}, {phone}, {version})',
    policyTexts: 'Akzeptierte Texte der Datenschutzerklärung',
    emails: 'Gesendete E-Mails',
    emailLine: '{date}: „{subject}“ an {to}',
    waitlist: 'Warteliste',
    waitlistLine: '{date} um {time}, {people} Personen: {status}',
    none: 'Keine',
    notSent: 'nicht gesendet',
  },
  change: {
    pending:
      'Diese Anfrage ersetzt Ihre Reservierung vom {date} um {time} Uhr ({people, plural, one {# Person} other {# Personen}}), die bis zur Antwort des Restaurants bestehen bleibt.',
    confirmed:
      'Diese Reservierung ersetzt die vom {date} um {time} Uhr ({people, plural, one {# Person} other {# Personen}}): Sie ist damit hinfällig, Sie müssen sie nicht stornieren.',
  },
};

export default texts;

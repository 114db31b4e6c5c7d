// The guest emails' texts in Catalan (issue 26): a translation of guest-email-texts.ts.
import type { GuestEmailTexts } from '../../guest-email-texts.ts';

const texts: GuestEmailTexts = {
  templates: {
    welcomeMessage: 'Benvinguts al nostre restaurant',
    cancellationPolicy: 'Les reserves es poden cancel·lar fins a 2 hores abans de l’hora prevista.',
    welcomeEmailSubject: 'Sol·licitud de reserva rebuda - pendent de confirmació',
    welcomeEmailMessage:
      'Hola, {customerName}:\n\n' +
      'Hem rebut la teva sol·licitud de reserva a {restaurantName} per al {reservationDate} a les {reservationTime} ' +
      'per a {numberOfPeople} persones.\n\n' +
      'La teva reserva està pendent de confirmació per part del restaurant. ' +
      'T’escriurem de nou tan aviat com la confirmem.\n\n' +
      'Gràcies per triar-nos!',
    confirmationMessage: 'El restaurant ha confirmat la teva reserva.',
    autoConfirmationMessage: 'La teva reserva s’ha confirmat automàticament. Fins aviat!',
    reminder24hSubject: 'Recordatori: la teva reserva és demà',
    reminder24hMessage: 'Et recordem que demà tens una reserva a les {time} per a {people} persones. T’esperem!',
    reminder2hSubject: 'Recordatori: la teva reserva és d’aquí a 2 hores',
    reminder2hMessage: 'Et recordem que la teva reserva és avui a les {time}, d’aquí a 2 hores. T’esperem!',
    cancellationSubject: 'Reserva cancel·lada',
    cancellationMessage: 'La teva reserva s’ha cancel·lat. Si tens cap pregunta, posa’t en contacte amb nosaltres.',
  },
  headings: {
    welcome: 'Sol·licitud de reserva rebuda',
    confirmed: 'Reserva confirmada',
    cancelled: 'Reserva cancel·lada',
    reminder: 'Recordatori de la teva reserva',
    modified: 'Reserva modificada',
    linkResent: 'L’enllaç de la teva reserva',
  },
  guaranteeLink: {
    subject: 'Garantia amb targeta per a la teva reserva · {restaurant}',
    heading: 'Garantia amb targeta',
    intro: 'Hola {name}, per a la teva reserva a {restaurant} et demanem una targeta com a garantia.',
    linkIntro: 'Desa-la en aquest enllaç, que serveix fins al {until}:',
    label: 'Desar la meva targeta',
  },
  confirmedSubject: 'Reserva confirmada · {restaurant}',
  modifiedSubject: 'Reserva modificada · {restaurant}',
  modifiedIntro: 'Hola, {name}: hem modificat la teva reserva a {restaurant}. Aquestes són les dades noves:',
  modifiedCalendar: 'El fitxer adjunt actualitza la reserva al teu calendari.',
  linkResentSubject: 'L’enllaç de la teva reserva · {restaurant}',
  linkResentIntro: 'Hola, {name}: hem rebut una altra sol·licitud de reserva amb les teves dades per a aquell dia. Ja tens aquesta reserva:',
  cancellationReason: 'Motiu: {reason}',
  details: {
    name: 'Nom',
    date: 'Data',
    time: 'Hora',
    people: 'Persones',
    phone: 'Telèfon',
    email: 'Correu electrònic',
    note: 'Nota',
  },
  contactPhones: 'Telèfon: {phones}',
  chatGreeting: 'Hola, {name}: t’escrivim de {restaurant} per la teva reserva del {date} a les {time}.',
  manageIntro: 'Consulta, cancel·la o canvia la teva reserva des del teu enllaç privat:',
  manageLabel: 'Gestiona la meva reserva',
  guestData: {
    exportSubject: 'Les teves dades personals a {restaurant}',
    exportHeading: 'Les teves dades personals',
    exportIntro:
      'Hola, {name}: tal com has demanat des de la teva reserva, t’enviem tot el que {restaurant} guarda sobre tu en dos fitxers adjunts: {json}, complet, i {html}, un resum per llegir al navegador.',
    notYou: 'Si no ho has demanat tu, truca’ns.',
    exportFileName: 'les-meves-dades.{format}',
    erasureSubject: 'Confirma l’esborrament de les teves dades a {restaurant}',
    erasureHeading: 'Confirma l’esborrament de les teves dades',
    erasureIntro:
      'Hola, {name}: des de la teva reserva has demanat que esborrem les teves dades personals. No s’esborrarà res fins que no ho confirmis amb aquest enllaç, que només es pot fer servir una vegada i caduca el {date} a les {time}.',
    erasureLinkIntro: 'Per confirmar l’esborrament:',
    erasureLinkLabel: 'Esborra les meves dades',
    erasureIgnore: 'Si no ho has demanat tu, no facis cas d’aquest correu: no s’esborrarà res.',
  },
  waitlist: {
    joinedSubject: 'Llista d’espera · {restaurant}',
    joinedHeading: 'Ets a la llista d’espera',
    joinedIntro:
      'Hola, {name}: t’hem apuntat a la llista d’espera de {restaurant}. Si s’allibera una taula per al teu grup, t’escriurem amb un enllaç per acceptar-la.',
    leaveIntro: 'Si ja no la necessites, pots sortir de la llista:',
    leaveLabel: 'Consulta la llista d’espera o surt-ne',
    offerSubject: 'Taula disponible · {restaurant}',
    offerHeading: 'S’ha alliberat una taula',
    offerIntro:
      'Hola, {name}: s’ha alliberat una taula a {restaurant} per al teu grup. Te la guardem {minutes} minuts, fins a les {until} (hora de Madrid); després s’oferirà a la persona següent de la llista.',
    offerLinkIntro: 'Per reservar-la, accepta-la aquí:',
    offerLabel: 'Accepta la taula',
    expiredSubject: 'Oferta caducada · {restaurant}',
    expiredHeading: 'La teva oferta ha caducat',
    expiredIntro: 'Hola {name}, el termini per acceptar la taula que et guardàvem a {restaurant} ha acabat i s’ha ofert a la persona següent de la llista.',
    expiredLinkIntro: 'Si encara vols venir aquell dia, mira si queden taules lliures:',
    expiredLabel: 'Veure taules lliures',
  },
  noShowCharge: {
    subject: 'Aprova el càrrec per no presentar-te · {restaurant}',
    heading: 'El teu banc et demana que aprovis un càrrec',
    intro:
      'Hola {name}: no vas venir a la teva reserva a {restaurant} del {date} a les {time}. Segons la seva política de cancel·lació, el restaurant et cobra la penalització per no presentar-te: {amount} per {people, plural, one {# persona} other {# persones}}.',
    bank: 'El teu banc et demana que aprovis aquest càrrec abans de fer-lo.',
    linkIntro: 'Aprova’l a la pàgina de pagament segura:',
    linkLabel: 'Aprovar el pagament de {amount}',
    questions: 'Si tens cap dubte, respon aquest email o truca al restaurant.',
  },
  cardGuarantee: {
    policy:
      'La teva targeta{card} queda guardada com a garantia; no s’ha cobrat res. Pots cancel·lar gratis fins al {date} a les {time}. Després, o si no véns, el restaurant pot cobrar {amount} per persona ({total} en total).',
    policyNoFreeCancellation:
      'La teva targeta{card} queda guardada com a garantia; no s’ha cobrat res. Si cancel·les o no véns, el restaurant pot cobrar {amount} per persona ({total} en total).',
    released: 'Hem alliberat la targeta que vas deixar com a garantia: no se’t cobrarà res.',
    notBookedSubject: 'La teva reserva no s’ha fet · {restaurant}',
    notBookedHeading: 'Reserva no realitzada',
    notBookedIntro: 'Hola {name}, aquesta és la reserva que vas demanar a {restaurant}:',
  },
  feedback: {
    subject: 'Com va anar la visita a {restaurant}?',
    heading: 'Com va anar la visita?',
    intro: 'Hola {name}, gràcies per venir a {restaurant} el {date}. Ens expliques com va anar? Només és un minut.',
    linkIntro: 'Valora la visita de l’1 al 5 i, si vols, deixa’ns un comentari:',
    linkLabel: 'Valorar la visita',
    expiry: 'L’enllaç serveix una vegada i caduca d’aquí a {days} dies.',
  },
  /** The readable summary attached to the guest's data export (issue 50, item 6). */
  exportSummary: {
    title: 'Dades personals d’un client de {restaurant}',
    intro: 'Tot el que {restaurant} guarda sobre aquest client, exportat el {date} a les {time}.',
    profile: 'Perfil',
    email: 'Correu electrònic',
    phone: 'Telèfon',
    note: 'Nota del personal',
    tags: 'Etiquetes',
    allergens: 'Al·lèrgens',
    since: 'Client des de',
    figures: 'Visites {visits}, comensals {covers}, no presentats {noShows}, cancel·lacions {cancellations} (tardanes {lateCancellations})',
    lastVisit: 'Última visita',
    spend: 'Despesa registrada',
    joinedProfiles: 'Perfils units a aquest',
    riskObjection: 'Oposició a la valoració del risc de no presentar-se',
    riskObjectedAt: 'Sí, des del {when}',
    riskNotObjected: 'No',
    reservations: 'Reserves',
    reservationLine: '{date} a les {time}, {people} persones: {status}',
    name: 'Nom',
    notes: 'Notes',
    cancellationReason: 'Motiu de la cancel·lació',
    changes: 'Canvis',
    noShowRisk: 'Risc estimat de no presentar-se (el personal el veu per trucar-te a confirmar)',
    noShowRiskValue: '{level}: {reasons}',
    bill: 'Import del compte',
    feedback: 'La teva valoració de la visita',
    feedbackValue: '{rating} de 5, el {date}',
    feedbackPending: 'Te la vam demanar el {date}; no l’has respost',
    consents: 'Consentiments',
    consentLine: '{date}: política de privacitat {version}, acceptada per {email}',
    messagingConsentLine: '{date}: «{text}» ({channel}, {phone}, {version})',
    policyTexts: 'Textos de la política de privacitat acceptats',
    emails: 'Correus enviats',
    emailLine: '{date}: «{subject}» a {to}',
    waitlist: 'Llista d’espera',
    waitlistLine: '{date} a les {time}, {people} persones: {status}',
    none: 'Cap',
    notSent: 'no enviat',
  },
  change: {
    pending:
      'Aquesta sol·licitud substitueix la teva reserva del {date} a les {time} ({people, plural, one {# persona} other {# persones}}), que es manté fins que el restaurant respongui.',
    confirmed:
      'Aquesta reserva substitueix la que tenies el {date} a les {time} ({people, plural, one {# persona} other {# persones}}): aquella queda anul·lada i no cal que la cancel·lis.',
  },
};

export default texts;

// The guest emails' texts in French (issue 26): a translation of guest-email-texts.ts.
import type { GuestEmailTexts } from '../../guest-email-texts.ts';

const texts: GuestEmailTexts = {
  templates: {
    welcomeMessage: 'Bienvenue dans notre restaurant',
    cancellationPolicy: 'Les réservations peuvent être annulées jusqu’à 2 heures avant l’heure prévue.',
    welcomeEmailSubject: 'Demande de réservation reçue – en attente de confirmation',
    welcomeEmailMessage:
      'Bonjour {customerName},\n\nNous avons bien reçu votre demande de réservation chez {restaurantName} pour {numberOfPeople} personnes, le {reservationDate} à {reservationTime}.\n\nVotre réservation est en attente de confirmation par le restaurant. Nous vous écrirons de nouveau dès qu’elle sera confirmée.\n\nMerci de nous avoir choisis !',
    confirmationMessage: 'Votre réservation a été confirmée par l’établissement',
    autoConfirmationMessage: 'Votre réservation a été confirmée automatiquement. À très bientôt !',
    reminder24hSubject: 'Rappel : votre réservation est demain',
    reminder24hMessage:
      'Nous vous rappelons que vous avez une réservation demain à {time} pour {people} personnes. Au plaisir de vous accueillir !',
    reminder2hSubject: 'Rappel : votre réservation est dans 2 heures',
    reminder2hMessage:
      'Nous vous rappelons que votre réservation est aujourd’hui à {time}, dans 2 heures. Au plaisir de vous accueillir !',
    cancellationSubject: 'Réservation annulée',
    cancellationMessage: 'Votre réservation a été annulée. Pour toute question, n’hésitez pas à nous contacter.',
  },
  headings: {
    welcome: 'Demande de réservation reçue',
    confirmed: 'Réservation confirmée',
    cancelled: 'Réservation annulée',
    reminder: 'Rappel de votre réservation',
    modified: 'Réservation modifiée',
    linkResent: 'Le lien de votre réservation',
  },
  guaranteeLink: {
    subject: 'Garantie par carte pour votre réservation · {restaurant}',
    heading: 'Garantie par carte',
    intro: 'Bonjour {name}, pour votre réservation chez {restaurant}, nous vous demandons une carte en garantie.',
    linkIntro: 'Enregistrez-la avec ce lien, valable jusqu’au {until} :',
    label: 'Enregistrer ma carte',
  },
  confirmedSubject: 'Réservation confirmée · {restaurant}',
  modifiedSubject: 'Réservation modifiée · {restaurant}',
  modifiedIntro: 'Bonjour {name}, nous avons modifié votre réservation chez {restaurant}. Voici les nouvelles informations :',
  modifiedCalendar: 'Le fichier joint met à jour la réservation dans votre calendrier.',
  linkResentSubject: 'Le lien de votre réservation · {restaurant}',
  linkResentIntro: 'Bonjour {name}, nous avons reçu une autre demande de réservation avec vos informations pour ce jour-là. Vous avez déjà cette réservation :',
  cancellationReason: 'Motif : {reason}',
  details: {
    name: 'Nom',
    date: 'Date',
    time: 'Heure',
    people: 'Personnes',
    phone: 'Téléphone',
    email: 'E-mail',
    note: 'Note',
  },
  contactPhones: 'Téléphone : {phones}',
  chatGreeting: 'Bonjour {name}, c’est {restaurant}, au sujet de votre réservation du {date} à {time}.',
  manageIntro: 'Consultez, modifiez ou annulez votre réservation depuis votre lien personnel :',
  manageLabel: 'Gérer ma réservation',
  guestData: {
    exportSubject: 'Vos données personnelles chez {restaurant}',
    exportHeading: 'Vos données personnelles',
    exportIntro:
      'Bonjour {name}, comme vous l’avez demandé depuis votre réservation, voici toutes les données que {restaurant} conserve à votre sujet, en deux pièces jointes : {json}, le fichier complet, et {html}, un résumé à lire dans votre navigateur.',
    notYou: 'Si vous n’êtes pas à l’origine de cette demande, appelez-nous.',
    exportFileName: 'mes-donnees.{format}',
    erasureSubject: 'Confirmez la suppression de vos données chez {restaurant}',
    erasureHeading: 'Confirmez la suppression de vos données',
    erasureIntro:
      'Bonjour {name}, vous avez demandé depuis votre réservation la suppression de vos données personnelles. Rien ne sera supprimé tant que vous ne l’aurez pas confirmée avec ce lien, utilisable une seule fois, qui expire le {date} à {time}.',
    erasureLinkIntro: 'Pour confirmer la suppression :',
    erasureLinkLabel: 'Supprimer mes données',
    erasureIgnore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : rien ne sera supprimé.',
  },
  waitlist: {
    joinedSubject: 'Liste d’attente · {restaurant}',
    joinedHeading: 'Vous êtes sur la liste d’attente',
    joinedIntro:
      'Bonjour {name}, votre inscription sur la liste d’attente de {restaurant} est bien enregistrée. Si une table se libère pour votre groupe, nous vous écrirons avec un lien pour l’accepter.',
    leaveIntro: 'Si vous n’en avez plus besoin, vous pouvez quitter la liste :',
    leaveLabel: 'Voir mon inscription ou quitter la liste d’attente',
    offerSubject: 'Table disponible · {restaurant}',
    offerHeading: 'Une table s’est libérée',
    offerIntro:
      'Bonjour {name}, une table s’est libérée chez {restaurant} pour votre groupe. Nous vous la réservons pendant {minutes} minutes, jusqu’à {until} ; passé ce délai, elle sera proposée à la personne suivante sur la liste.',
    offerLinkIntro: 'Pour la réserver, acceptez-la ici :',
    offerLabel: 'Accepter la table',
    expiredSubject: 'Proposition expirée · {restaurant}',
    expiredHeading: 'Votre proposition a expiré',
    expiredIntro: 'Bonjour {name}, le délai pour accepter la table que nous vous gardions chez {restaurant} est écoulé ; elle a été proposée à la personne suivante sur la liste.',
    expiredLinkIntro: 'Si vous souhaitez toujours venir ce jour-là, voyez s’il reste des tables libres :',
    expiredLabel: 'Voir les tables libres',
  },
  noShowCharge: {
    subject: 'Approuvez les frais de non-présentation · {restaurant}',
    heading: 'Votre banque vous demande d’approuver un paiement',
    intro:
      'Bonjour {name}, vous n’êtes pas venu(e) à votre réservation chez {restaurant} le {date} à {time}. Conformément à sa politique d’annulation, le restaurant facture les frais de non-présentation : {amount} pour {people, plural, one {# personne} other {# personnes}}.',
    bank: 'Votre banque vous demande d’approuver ce paiement avant qu’il ne soit effectué.',
    linkIntro: 'Approuvez-le sur la page de paiement sécurisée :',
    linkLabel: 'Approuver le paiement de {amount}',
    questions: 'Pour toute question, répondez à cet email ou appelez le restaurant.',
  },
  cardGuarantee: {
    policy:
      'Votre carte{card} est enregistrée comme garantie ; rien n’a été débité. Vous pouvez annuler gratuitement jusqu’au {date} à {time}. Passé ce délai, ou si vous ne venez pas, le restaurant peut débiter {amount} par personne ({total} au total).',
    policyNoFreeCancellation:
      'Votre carte{card} est enregistrée comme garantie ; rien n’a été débité. Si vous annulez ou ne venez pas, le restaurant peut débiter {amount} par personne ({total} au total).',
    released: 'Nous avons libéré la carte laissée en garantie : rien ne vous sera débité.',
    notBookedSubject: 'Votre réservation n’a pas été faite · {restaurant}',
    notBookedHeading: 'Réservation non effectuée',
    notBookedIntro: 'Bonjour {name}, voici la réservation que vous avez demandée chez {restaurant} :',
  },
  feedback: {
    subject: 'Comment s’est passée votre visite chez {restaurant} ?',
    heading: 'Comment s’est passée votre visite ?',
    intro: 'Bonjour {name}, merci d’être venu chez {restaurant} le {date}. Nous direz-vous comment cela s’est passé ? Cela ne prend qu’une minute.',
    linkIntro: 'Notez votre visite de 1 à 5 et, si vous le souhaitez, laissez-nous un commentaire :',
    linkLabel: 'Noter ma visite',
    expiry: 'Le lien ne sert qu’une fois et expire dans {days} jours.',
  },
};

export default texts;

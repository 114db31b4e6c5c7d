// Texts of Configuración › Mensajería (issue 46, item 1): the owner's WhatsApp (Meta) and SMS (Twilio) accounts,
// loaded with the tab's chunk. Same conventions as staff-messages.ts.

import { settingsMessages } from './settings.ts';

export const messagingSettingsMessages = {
  tab: settingsMessages.tabs.messaging,
  title: 'Mensajería',
  intro:
    'Mesa puede enviar las confirmaciones, los cambios, las cancelaciones, los recordatorios y las ofertas de la lista de espera por WhatsApp o por SMS a los clientes que lo elijan al reservar.',
  emailDefault:
    'El email sigue siendo el canal por defecto y el de respaldo: si un mensaje no se puede entregar por WhatsApp o SMS, se envía por email.',
  enabled: 'Activado',
  enabledHelp: 'Solo se puede activar cuando todo lo necesario está guardado.',
  save: 'Guardar',
  remove: 'Borrar',
  copy: 'Copiar',
  copied: 'URL copiada',
  webhookUrl: 'URL del webhook',
  unreadable:
    'Los secretos guardados no se pueden leer en este servidor: se guardaron con otra SECRETS_KEY. Escríbelos de nuevo o usa la misma SECRETS_KEY en todos los servidores.',
  secretSavedPlaceholder: 'Guardado: déjalo vacío para conservarlo',
  test: 'Enviar prueba',
  testTo: 'Teléfono para la prueba',
  testToHelp: 'Un móvil con el prefijo del país si no es español, por ejemplo +34 612 345 678.',
  testSend: 'Enviar',
  testing: 'Enviando…',
  testOk: 'Mensaje de prueba enviado',
  testDisabled: 'Guarda primero los datos para poder enviar una prueba.',
  whatsapp: {
    title: 'WhatsApp',
    intro: 'Con la API de WhatsApp Cloud de Meta. Los mensajes a los clientes se envían con plantillas aprobadas por Meta.',
    phoneNumberId: 'Identificador del número de teléfono',
    phoneNumberIdHelp: 'En Meta for Developers › tu app › WhatsApp › Configuración de la API: «Identificador del número de teléfono» (solo cifras).',
    accessToken: 'Token de acceso',
    accessTokenHelp:
      'Un token permanente de un usuario del sistema: Meta Business Suite › Configuración del negocio › Usuarios del sistema › Generar token, con el permiso whatsapp_business_messaging.',
    appSecret: 'Secreto de la app',
    appSecretHelp: 'En Meta for Developers › tu app › Configuración de la app › Básica: «Clave secreta de la app». Mesa comprueba con él la firma de cada aviso.',
    verifyToken: 'Token de verificación del webhook',
    verifyTokenHelp:
      'Una palabra que eliges tú. Escríbela aquí y en Meta for Developers › WhatsApp › Configuración › Webhook, junto con la URL del webhook, y suscribe el campo «messages».',
    webhookUrlHelp: 'Pégala en Meta for Developers › WhatsApp › Configuración › Webhook como «URL de devolución de llamada».',
    templatesTitle: 'Plantillas',
    templatesIntro:
      'Crea cada plantilla en WhatsApp Manager › Plantillas de mensajes, en español (y en los idiomas que quieras), y escribe aquí su nombre cuando Meta la apruebe. Los parámetros van en este orden:',
    templates: {
      confirmation: 'Plantilla de Confirmación',
      modification: 'Plantilla de Modificación',
      cancellation: 'Plantilla de Cancelación',
      reminder: 'Plantilla de Recordatorio',
      waitlist_offer: 'Plantilla de Oferta de la lista de espera',
      feedback: 'Plantilla de Valoración de la visita (opcional)',
    },
    templateHelp: {
      confirmation: '{{1}} nombre, {{2}} restaurante, {{3}} fecha, {{4}} hora, {{5}} personas, {{6}} enlace para gestionar la reserva.',
      modification: '{{1}} nombre, {{2}} restaurante, {{3}} fecha, {{4}} hora, {{5}} personas, {{6}} enlace para gestionar la reserva.',
      cancellation: '{{1}} nombre, {{2}} restaurante, {{3}} fecha, {{4}} hora.',
      reminder:
        '{{1}} nombre, {{2}} restaurante, {{3}} fecha, {{4}} hora, {{5}} personas, {{6}} enlace; y dos botones de respuesta rápida, en este orden: «Confirmo» y «No puedo ir».',
      waitlist_offer:
        '{{1}} nombre, {{2}} restaurante, {{3}} fecha, {{4}} hora, {{5}} personas, {{6}} minutos para responder, {{7}} enlace para aceptar la mesa.',
      feedback:
        '{{1}} nombre, {{2}} restaurante, {{3}} fecha de la visita, {{4}} hora, {{5}} enlace para valorarla. Sin ella, la petición de valoración va por email.',
    },
    saved: 'WhatsApp guardado',
    removed: 'Datos de WhatsApp borrados',
    removeTitle: '¿Borrar los datos de WhatsApp?',
    removeDescription: 'Mesa dejará de enviar mensajes por WhatsApp y los clientes que lo eligieron recibirán los avisos por email.',
  },
  sms: {
    title: 'SMS (Twilio)',
    intro: 'Con Twilio. Los SMS se cobran por mensaje en tu cuenta de Twilio.',
    accountSid: 'Account SID',
    accountSidHelp: 'En la consola de Twilio › Account Info: empieza por AC seguido de 32 caracteres.',
    authToken: 'Auth token',
    authTokenHelp: 'En la consola de Twilio › Account Info, junto al Account SID: pulsa «Show» y cópialo.',
    sender: 'Remitente (número o Messaging Service SID)',
    senderHelp:
      'Un número de Twilio con el prefijo del país (+34…), de Phone Numbers › Manage › Active numbers, o el SID de un Messaging Service (MG…), de Messaging › Services.',
    webhookUrlHelp:
      'Pégala en Twilio › Phone Numbers › tu número (o en el Messaging Service) como «A message comes in», método HTTP POST. Mesa la indica también en cada envío para los avisos de entrega.',
    saved: 'SMS guardado',
    removed: 'Datos de Twilio borrados',
    removeTitle: '¿Borrar los datos de Twilio?',
    removeDescription: 'Mesa dejará de enviar SMS y los clientes que lo eligieron recibirán los avisos por email.',
    testText: 'Mensaje de prueba de {restaurant}: los SMS a los clientes funcionan.',
  },
  /** The line of Seguridad › Cambios sensibles: what changed, never a secret. */
  change: {
    whatsapp: 'WhatsApp',
    sms: 'SMS',
    enabled: 'activado',
    disabled: 'desactivado',
    phoneNumberId: 'identificador del número {value}',
    accessToken: 'token de acceso nuevo',
    appSecret: 'secreto de la app nuevo',
    verifyToken: 'token de verificación nuevo',
    template: 'plantilla de {kind}: {value}',
    accountSid: 'Account SID {value}',
    authToken: 'auth token nuevo',
    sender: 'remitente {value}',
    nothing: 'sin cambios',
    removed: 'datos borrados',
    none: '(vacía)',
  },
  templateKinds: {
    confirmation: 'confirmación',
    modification: 'modificación',
    cancellation: 'cancelación',
    reminder: 'recordatorio',
    waitlist_offer: 'oferta de la lista de espera',
    feedback: 'valoración de la visita',
  },
  validation: {
    phoneNumberId: 'El identificador del número de teléfono son solo cifras. Cópialo desde Meta for Developers.',
    accessTokenRequired: 'Escribe el token de acceso.',
    secretShape: 'Sin espacios y de 500 caracteres como mucho. Cópialo entero.',
    templateName: 'El nombre de la plantilla lleva solo minúsculas, cifras y guiones bajos (hasta 512).',
    accountSid: 'El Account SID empieza por AC seguido de 32 caracteres (cifras y letras de la a a la f).',
    authTokenRequired: 'Escribe el auth token de Twilio.',
    sender: 'El remitente es un número con el prefijo del país (+34612345678) o el SID de un Messaging Service (MG seguido de 32 caracteres).',
    missingToEnable: 'Para activarlo falta: {missing}.',
    phone: 'Escribe un móvil válido, con el prefijo del país si no es español.',
  },
  errors: {
    whatsappNotConfigured: 'Guarda primero los datos de WhatsApp: el identificador del número, el token de acceso, el secreto de la app, el token de verificación y la plantilla de confirmación.',
    smsNotConfigured: 'Guarda primero los datos de Twilio, con el remitente.',
  },
} as const;

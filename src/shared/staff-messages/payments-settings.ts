// Texts of Configuración › Pagos (issue 45, item 6): the owner's Stripe keys, loaded with the tab's chunk. Same
// conventions as staff-messages.ts.

export const paymentSettingsMessages = {
  tab: 'Pagos',
  title: 'Pagos',
  intro: 'Mesa guarda y cobra las garantías con tarjeta a través de Stripe. Pega aquí las claves de tu cuenta de Stripe.',
  secretKey: 'Clave secreta',
  secretKeyHelp: 'En Stripe: Desarrolladores › Claves de API. Empieza por sk_test_ o sk_live_ (o rk_ si es una clave restringida).',
  secretKeySaved: 'Hay una clave guardada ({hint}). Déjalo vacío para conservarla.',
  secretKeySavedPlaceholder: 'Clave guardada: déjalo vacío para conservarla',
  webhookSecret: 'Secreto de firma del webhook',
  webhookSecretHelp: 'Stripe lo muestra al añadir el endpoint del webhook. Empieza por whsec_.',
  webhookSecretSavedPlaceholder: 'Secreto guardado: déjalo vacío para conservarlo',
  webhookUrl: 'URL del webhook',
  webhookUrlHelp: 'Añade esta dirección como endpoint en Stripe › Desarrolladores › Webhooks.',
  webhookUrlInsecure: 'Stripe solo envía los avisos del modo real a direcciones https: configura PUBLIC_URL con https.',
  copy: 'Copiar',
  copied: 'URL copiada',
  save: 'Guardar',
  saved: 'Claves de Stripe guardadas',
  test: 'Probar conexión',
  testing: 'Probando…',
  testOk: 'Conexión correcta',
  testAccount: 'Cuenta: {account}',
  remove: 'Borrar claves',
  removeTitle: '¿Borrar las claves de Stripe?',
  removeDescription:
    'Las reservas dejarán de pedir garantía con tarjeta hasta que guardes otras claves, y las tarjetas ya guardadas no se podrán cobrar.',
  removed: 'Claves de Stripe borradas',
  notConnected: 'Todavía no hay claves de Stripe guardadas: las reservas no piden garantía con tarjeta.',
  testMode: 'Modo de prueba',
  testModeLine: 'Con una clave de prueba no se mueve dinero real: las tarjetas y los cobros son de prueba.',
  liveMode: 'Modo real: los cobros a las tarjetas son de verdad.',
  unreadable:
    'Las claves guardadas no se pueden leer en este servidor: se guardaron con otra SECRETS_KEY. Escríbelas de nuevo o usa la misma SECRETS_KEY en todos los servidores.',
  /** The line of Seguridad › Cambios sensibles: the mode and the key's hint, never the key. */
  change: {
    test: 'modo de prueba',
    live: 'modo real',
    key: 'clave {hint}',
    webhookSecret: 'secreto de firma guardado',
    noWebhookSecret: 'sin secreto de firma',
  },
  validation: {
    secretKeyRequired: 'Escribe la clave secreta de Stripe.',
    secretKeyShape: 'La clave secreta empieza por sk_test_, sk_live_, rk_test_ o rk_live_, seguida de letras y números.',
    secretKeyLength: 'La clave secreta no tiene una longitud válida. Cópiala entera desde Stripe.',
    webhookSecretShape: 'El secreto de firma empieza por whsec_, seguido de letras y números.',
    webhookSecretLength: 'El secreto de firma no tiene una longitud válida. Cópialo entero desde Stripe.',
  },
  errors: {
    notConfigured: 'Guarda primero la clave secreta de Stripe.',
  },
} as const;

// Texts of Configuración › Integraciones (issue 48): the owner's API keys for /api/v1, and the answers /api/v1 gives
// an integration. Loaded with the tab's chunk and by the server. Same conventions as staff-messages.ts.

export const integrationsMessages = {
  tab: 'Integraciones',
  keys: {
    title: 'Claves de API',
    intro:
      'Una clave deja que un programa (el TPV, una hoja de cálculo, un script) use la API de Mesa en /api/v1 con los permisos que elijas. Cada cambio que haga queda en el historial de la reserva con el nombre de la clave.',
    create: 'Nueva clave',
    createTitle: 'Nueva clave de API',
    createDescription: 'Ponle un nombre que diga quién la usa y elige solo los permisos que necesita.',
    name: 'Nombre',
    namePlaceholder: 'TPV de la barra',
    scopes: 'Permisos',
    submit: 'Crear clave',
    cancel: 'Cancelar',
    creating: 'Creando…',
    created: 'Clave creada',
    shownOnce: 'Copia la clave ahora: no se volverá a mostrar. Si la pierdes, revócala y crea otra.',
    keyLabel: 'Clave de API',
    copy: 'Copiar',
    copied: 'Clave copiada',
    done: 'Hecho',
    empty: 'Todavía no hay claves de API.',
    listLabel: 'Claves de API',
    createdAt: 'Creada',
    createdBy: 'por {email}',
    lastUsed: 'Último uso',
    neverUsed: 'Nunca',
    revokedAt: 'Revocada',
    revoke: 'Revocar',
    revokeTitle: '¿Revocar la clave «{name}»?',
    revokeDescription: 'Los programas que la usan dejarán de poder entrar en la API al momento. No se puede deshacer.',
    revoked: 'Clave revocada',
    usage: 'Envía la clave en la cabecera Authorization: Bearer <clave> a {url}.',
  },
  /** What each scope opens, as the owner reads it when choosing (decision 049 is the exact list). */
  scopes: {
    lectura: { label: 'Lectura', help: 'Ver reservas, disponibilidad, mesas y lista de espera.' },
    reservas: { label: 'Reservas', help: 'Crear reservas, cambiar su estado (confirmar, completar, cancelar) y apuntar en la lista de espera.' },
    mesas: { label: 'Mesas', help: 'Marcar la llegada, sentar en mesas y anotar el importe de la cuenta.' },
    clientes: { label: 'Clientes', help: 'Ver la ficha de los clientes: contacto, visitas, gasto, notas y alergias.' },
  },
  validation: {
    nameRequired: 'Escribe un nombre para la clave.',
    nameTooLong: 'El nombre no puede tener más de 60 caracteres.',
    nameInvalid: 'El nombre no puede tener saltos de línea ni caracteres de control.',
    scopesRequired: 'Elige al menos un permiso.',
    scopeInvalid: 'Permiso desconocido: elige lectura, reservas, mesas o clientes.',
  },
  errors: {
    notFound: 'Esa clave de API no existe.',
    alreadyRevoked: 'Esa clave ya estaba revocada.',
  },
  /** The line of Seguridad › Cambios sensibles: the key's name, its public prefix and scopes, never the key. */
  change: '«{name}» ({prefix}…): {scopes}',
  /** The answers of /api/v1 to an integration. */
  api: {
    unauthorized: 'Falta una clave de API válida. Envíala en la cabecera Authorization: Bearer <clave>.',
    forbiddenScope: 'Esta clave de API no tiene el permiso «{scope}» que pide esta operación.',
    rangeTooLong: 'El periodo no puede pasar de {days} días.',
    rangeReversed: 'La fecha final no puede ser anterior a la inicial.',
    cursorInvalid: 'El cursor no es válido: usa el nextCursor de la página anterior.',
  },
} as const;

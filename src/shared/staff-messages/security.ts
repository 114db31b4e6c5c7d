// Texts of the Seguridad tab, loaded with its chunk. Same conventions as staff-messages.ts.

/** Seguridad: sign-ins, lockouts, team and guest-data events. */
export const securityMessages = {
  lockedAccounts: 'Cuentas bloqueadas',
  version: 'Versión de Mesa: {version}',
  failedAttempts24h: 'Intentos fallidos (24 h)',
  recentAttempts: 'Intentos recientes',
  activeLockouts: 'Bloqueos activos',
  noLockouts: 'No hay cuentas bloqueadas',
  lockedUntil: 'Bloqueada hasta {time}',
  history: 'Historial de intentos de inicio de sesión',
  showAll: 'Mostrar todos',
  success: 'Éxito',
  failure: 'Fallido',
  ip: 'IP: {ip}',
  failedAttemptsCount: 'Intentos fallidos: {count}',
  noAttempts: 'Todavía no hay intentos de inicio de sesión',
  showLess: 'Mostrar menos',
  unauthorizedAdminAccess: 'Acceso de administrador no autorizado',
  /** The sign-in's second step (issue 44). */
  wrongCode: 'Código de verificación incorrecto',
  codeLocked: 'Verificación en dos pasos bloqueada por intentos fallidos',
  recoveryCodeUsed: 'Con un código de recuperación',
  passkeyUsed: 'Con llave de acceso',
  passkeyRefused: 'Llave de acceso rechazada',
  /** 'Datos de clientes': the exports and erasures of a guest's data (issue 24). */
  privacy: {
    title: 'Datos de clientes',
    description: 'Quién exportó o borró los datos de un cliente, y cuándo. Solo se guarda su identificador.',
    empty: 'Todavía no hay exportaciones ni borrados.',
    actions: { export: 'Exportación', erasure: 'Borrado', retention: 'Conservación' },
    system: 'Sistema',
    byGuest: 'El propio cliente, desde su reserva',
    guest: 'Cliente {id}',
    counts: {
      reservations: { one: '1 reserva', many: '{count} reservas' },
      cancelled: { one: '1 reserva próxima cancelada', many: '{count} reservas próximas canceladas' },
      changes: { one: '1 cambio', many: '{count} cambios' },
      links: { one: '1 enlace', many: '{count} enlaces' },
      emails: { one: '1 email', many: '{count} emails' },
      pushes: { one: '1 aviso push', many: '{count} avisos push' },
      consents: { one: '1 consentimiento', many: '{count} consentimientos' },
      logs: { one: '1 registro', many: '{count} registros' },
      waitlist: { one: '1 en lista de espera', many: '{count} en lista de espera' },
      cards: { one: '1 tarjeta en garantía liberada', many: '{count} tarjetas en garantía liberadas' },
    },
    countOther: '{name}: {count}',
  },
} as const;

/** Seguridad › Copias de seguridad. */
export const backupsMessages = {
  title: 'Copias de seguridad',
  lastBackup: 'Última copia nocturna',
  none: 'Todavía no se ha hecho ninguna copia nocturna.',
  takenAt: 'Fecha',
  size: 'Tamaño',
  result: 'Resultado',
  file: 'Archivo',
  fileOn: '{file} en {instance}',
  succeeded: 'Correcta',
  failed: 'Fallida',
  running: 'En curso',
  schedule:
    'Cada noche a las {hour} (hora de Madrid) el servidor guarda una copia en su carpeta de datos (DATA_DIR/backups) y conserva las {keep} últimas.',
  scheduleOff: 'Las copias nocturnas están desactivadas en este servidor (BACKUP_HOUR=off).',
  download: 'Descargar copia de seguridad',
  downloadHelp:
    'Descarga una copia completa de los datos tal como están ahora (archivo .sql, se restaura con npm run restore). Guárdela en un lugar seguro: contiene datos personales de los clientes.',
} as const;

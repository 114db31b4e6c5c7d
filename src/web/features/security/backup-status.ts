// What other features may use of Seguridad: the backup schedule this server follows (Configuración › Privacidad).
export { useBackupStatus } from './api/get-backup-status';

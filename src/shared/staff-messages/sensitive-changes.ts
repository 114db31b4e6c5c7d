// The owner's sensitive changes (issue 41): the password dialog and Seguridad's list. The encargado's read-only note
// is on the first screen too (the set-up checklist): staffMessages.admin.ownerOnly.

export const recentSignInMessages = {
  title: 'Confirma tu contraseña',
  description: 'Este cambio es sensible: decide adónde va el correo, quién entra en Mesa o saca datos. Escribe tu contraseña para continuar.',
  password: 'Contraseña',
  confirm: 'Confirmar',
  cancel: 'Cancelar',
  // With two-step codes on or a passkey (issue 44), a code of the app or the passkey instead of the password.
  codeTitle: 'Confirma con un código',
  codeDescription: 'Este cambio es sensible. Escribe el código de 6 cifras de tu aplicación de autenticación para continuar.',
  useCode: 'Usar un código de verificación',
  usePasskey: 'Usar una llave de acceso',
  usePassword: 'Usar mi contraseña',
};

export const sensitiveChangesMessages = {
  title: 'Cambios sensibles',
  description:
    'Quién cambió el correo saliente, los avisos al restaurante, el informe diario, los datos legales, la conservación de datos la forma de entrar o las sesiones abiertas, quién descargó una copia de seguridad, cuándo y desde qué IP.',
  empty: 'Todavía no hay cambios sensibles.',
  recoveryCodesLeft: 'Quedan {count} códigos de recuperación',
  requirementOn: 'Activado: propietarios y encargados necesitan un segundo factor',
  requirementOff: 'Desactivado',
  system: 'Mesa',
  actions: {
    mail_settings_saved: 'Correo saliente guardado',
    mail_settings_removed: 'Correo saliente eliminado',
    settings_changed: 'Configuración cambiada',
    mail_change_notice_failed: 'No se pudo avisar a los propietarios por el servidor anterior',
    two_step_enabled: 'Códigos de verificación activados',
    two_step_disabled: 'Códigos de verificación desactivados',
    recovery_codes_renewed: 'Códigos de recuperación nuevos',
    recovery_code_used: 'Código de recuperación usado',
    passkey_added: 'Llave de acceso añadida',
    passkey_removed: 'Llave de acceso eliminada',
    session_ended: 'Sesión cerrada desde otro dispositivo',
    other_sessions_ended: 'Otras sesiones cerradas',
    second_factor_requirement_changed: 'Segundo factor obligatorio cambiado',
    backup_downloaded: 'Copia de seguridad descargada',
    payment_settings_saved: 'Claves de Stripe guardadas',
    payment_settings_removed: 'Claves de Stripe borradas',
    messaging_settings_saved: 'Mensajería guardada',
    messaging_settings_removed: 'Mensajería borrada',
    api_key_created: 'Clave de API creada',
    api_key_revoked: 'Clave de API revocada',
  },
  fields: {
    adminEmail: 'Email de avisos',
    additionalReportEmail: 'Email adicional del informe',
    dailyReportEnabled: 'Informe diario',
    dailyReportTime: 'Hora del informe',
    dailyReportTimezone: 'Zona horaria del informe',
    legalName: 'Razón social',
    legalNif: 'NIF',
    legalAddress: 'Domicilio legal',
    legalEmail: 'Email legal',
    retentionReservationMonths: 'Conservación de reservas',
    retentionCancelledMonths: 'Conservación de cancelaciones',
    retentionAllergenMonths: 'Conservación de alérgenos',
  },
};

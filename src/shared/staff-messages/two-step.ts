// Two-step codes (issue 44): 'Mi cuenta' and the sign-in's second step. Staff texts, Spanish.

export const twoStepMessages = {
  title: 'Verificación en dos pasos',
  code: 'Código de verificación',
  codeHint: 'El código de 6 cifras de tu aplicación de autenticación, o uno de tus códigos de recuperación.',
  verify: 'Verificar',
  verifying: 'Verificando...',
  recoveryCodesLeft: 'Has usado un código de recuperación. Te quedan {count}.',
  wrongCode: 'Código incorrecto',
  expired: 'El inicio de sesión ha caducado. Vuelve a escribir tu email y contraseña.',
  alreadyOn: 'La verificación en dos pasos ya está activada en tu cuenta.',
  notEnrolling: 'Empieza de nuevo la activación de la verificación en dos pasos.',
  card: 'Verificación en dos pasos',
  off: 'Al iniciar sesión, además de tu contraseña se te pedirá un código de tu aplicación de autenticación (Google Authenticator, Microsoft Authenticator, 1Password…).',
  on: 'Activada: al iniciar sesión se te pide un código de tu aplicación.',
  turnOn: 'Activar la verificación en dos pasos',
  scan: 'Escanea este código QR con tu aplicación de autenticación.',
  qrAlt: 'Código QR para tu aplicación de autenticación',
  typeInstead: 'Si no puedes escanearlo, escribe esta clave en la aplicación:',
  confirmHint: 'Escribe el código de 6 cifras que muestra ahora la aplicación.',
  confirm: 'Confirmar',
  cancel: 'Cancelar',
  turnedOn: 'Verificación en dos pasos activada',
  codesTitle: 'Códigos de recuperación',
  codesIntro: 'Guárdalos en un lugar seguro: si pierdes el móvil, cada uno te deja entrar una sola vez. No se volverán a mostrar.',
  download: 'Descargar códigos',
  downloadName: 'mesa-codigos-de-recuperacion.txt',
  done: 'Ya los he guardado',
  left: 'Te quedan {count} códigos de recuperación.',
  renew: 'Generar códigos nuevos',
  renewed: 'Códigos nuevos generados: los anteriores ya no sirven',
  turnOff: 'Desactivar',
  turnedOff: 'Verificación en dos pasos desactivada',
  sealedElsewhere:
    'Este servidor no puede leer tu clave de la aplicación (SECRETS_KEY ha cambiado): entra con un código de recuperación, o pide que restablezcan tu acceso con npm run admin:create.',
};

/** /admin before anything else while the owner requires a second factor this account lacks (issue 44). */
export const secondFactorSetupMessages = {
  title: 'Añade un segundo factor para continuar',
  description:
    'El propietario exige que propietarios y encargados entren con algo más que la contraseña. Añade una llave de acceso o activa la verificación en dos pasos; después se abrirá el panel.',
  ready: 'Listo: tu cuenta ya tiene un segundo factor. Guarda tus códigos de recuperación si los tienes en pantalla y continúa.',
  continue: 'Continuar al panel',
};

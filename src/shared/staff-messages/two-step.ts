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
  sealedElsewhere: 'El código secreto se guardó con otra clave (SECRETS_KEY): desactiva la verificación en dos pasos y vuelve a activarla.',
};

// Two-step codes (issue 44): 'Mi cuenta' and the sign-in's second step. Staff texts, Spanish.

export const twoStepMessages = {
  code: 'Código de verificación',
  wrongCode: 'Código incorrecto',
  alreadyOn: 'La verificación en dos pasos ya está activada en tu cuenta.',
  notEnrolling: 'Empieza de nuevo la activación de la verificación en dos pasos.',
  sealedElsewhere: 'El código secreto se guardó con otra clave (SECRETS_KEY): desactiva la verificación en dos pasos y vuelve a activarla.',
};

// Texts of staff accounts: the Equipo tab, invitations and the first owner account.
// Same conventions as staff-messages.ts.

/** 'Equipo': staff accounts, roles and invitations (issue 20). */
export const teamMessages = {
  roles: { admin: 'Propietario', manager: 'Encargado', floor: 'Sala' },
  title: 'Equipo',
  description: 'Las cuentas de tu equipo, cada una con su rol. Solo el propietario ve esta pestaña.',
  members: 'Cuentas',
  email: 'Email',
  name: 'Nombre (opcional)',
  nameHint: 'Como lo verá el equipo. Si lo dejas vacío, lo podrá escribir él mismo en Mi cuenta.',
  role: 'Rol',
  roleOf: 'Rol de {email}',
  noName: 'Sin nombre todavía',
  lastSignIn: 'Último acceso: {when}',
  never: 'Último acceso: nunca',
  active: 'Activa',
  inactive: 'Desactivada',
  deactivate: 'Desactivar',
  reactivate: 'Reactivar',
  invite: 'Invitar',
  inviteTitle: 'Invitar a alguien',
  inviteHint: 'Recibirá un enlace para elegir su contraseña, válido 7 días y de un solo uso.',
  invited: 'Invitación enviada',
  pending: 'Invitaciones pendientes',
  expires: 'Caduca el {date}',
  resend: 'Reenviar',
  revoke: 'Revocar',
  resent: 'Invitación reenviada',
  revoked: 'Invitación revocada',
  roleChanged: 'Rol actualizado',
  deactivated: 'Cuenta desactivada: sus sesiones se han cerrado',
  reactivated: 'Cuenta reactivada',
  failed: 'No se pudo guardar el cambio',
  events: {
    title: 'Cambios en el equipo',
    empty: 'Sin cambios en el equipo.',
    line: '{action}: {target}{role}',
    self: 'la propia persona invitada',
    actions: {
      invited: 'Invitación enviada',
      invitation_resent: 'Invitación reenviada',
      invitation_revoked: 'Invitación revocada',
      invitation_accepted: 'Invitación aceptada',
      role_changed: 'Rol cambiado',
      deactivated: 'Cuenta desactivada',
      reactivated: 'Cuenta reactivada',
    },
  },
  accept: {
    title: 'Únete al equipo',
    intro: 'Te han invitado como {role} con el email {email}. Elige tu contraseña para entrar.',
    password: 'Contraseña',
    submit: 'Unirme al equipo',
    checking: 'Comprobando la invitación…',
    welcome: 'Bienvenido al equipo',
  },
  invitationSubject: 'Invitación al equipo de {restaurant}',
  invitationIntro: 'Te han invitado a unirte al equipo de {restaurant} en Mesa como {role}.',
  invitationLink: 'Elige tu contraseña en este enlace (válido 7 días, un solo uso):',
  invitationIgnore: 'Si no esperabas esta invitación, ignora este email.',
  errors: {
    roleInvalid: 'Elige un rol: Propietario, Encargado o Sala.',
    accountExists: 'Ya existe una cuenta con ese email.',
    invitationPending: 'Ya hay una invitación pendiente para ese email: reenvíala o revócala.',
    invitationNotFound: 'No se encontró la invitación.',
    invitationClosed: 'Esa invitación ya no está pendiente.',
    invitationInvalid: 'La invitación ha caducado o ya se ha usado. Pide otra al propietario.',
    memberNotFound: 'No se encontró esa cuenta.',
    lastOwner: 'Debe quedar al menos un propietario activo.',
    deactivated: 'Esta cuenta está desactivada. Habla con el propietario del restaurante.',
    nameInvalid: 'Escribe el nombre como texto.',
    nameRequired: 'Escribe tu nombre.',
    nameTooLong: 'El nombre admite como máximo 60 caracteres.',
  },
} as const;

/** 'Tu nombre' in 'Mi cuenta' (issue 52): how Equipo names the member. */
export const displayNameMessages = {
  title: 'Tu nombre',
  description: 'Así te verá el resto del equipo en Equipo. Sin nombre, se muestra tu email.',
  label: 'Nombre',
  save: 'Guardar nombre',
  saved: 'Nombre guardado',
} as const;

/** The first run: the owner's account made in the browser with the server's one-time code (issue 20). */
export const setupMessages = {
  title: 'Crear la cuenta del propietario',
  intro:
    'Es la primera vez que se abre Mesa. Escribe el código de configuración que el servidor muestra al arrancar (también está en el archivo setup-code de su carpeta de datos) y elige el email y la contraseña del propietario.',
  code: 'Código de configuración',
  email: 'Email del propietario',
  password: 'Contraseña',
  passwordHint: 'Al menos 12 caracteres.',
  submit: 'Crear la cuenta',
  created: 'Cuenta del propietario creada',
  codeRequired: 'Escribe el código de configuración.',
  codeInvalid: 'El código de configuración no es correcto.',
  done: 'La cuenta del propietario ya existe. Inicia sesión.',
} as const;

/** Equipo's requirement of a second factor (issue 44). */
export const secondFactorPolicyMessages = {
  title: 'Segundo factor obligatorio',
  label: 'Exigir un segundo factor a propietarios y encargados',
  hint: 'Quien no tenga verificación en dos pasos ni llave de acceso tendrá que añadir una la próxima vez que entre, antes de ver el panel. El personal de sala no se ve afectado.',
  turnedOn: 'Ahora propietarios y encargados necesitan un segundo factor.',
  turnedOff: 'El segundo factor ya no es obligatorio.',
} as const;

// The WhatsApp and Twilio accounts the messaging suites save in 'Mensajería' and give the fake (issue 46).
export const ACCESS_TOKEN = 'EAAGMesaFlujoTokenDeAcceso0123456789';
export const APP_SECRET = 'mesa-flujo-secreto-de-la-app-0123456789';
export const VERIFY_TOKEN = 'mesa-flujo-verificacion-42';
export const PHONE_NUMBER_ID = '106540352242922';
export const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const AUTH_TOKEN = 'twilio-flujo-auth-token-0123456789';
export const TEMPLATES = {
  confirmation: 'reserva_confirmada',
  modification: 'reserva_modificada',
  cancellation: 'reserva_cancelada',
  reminder: 'recordatorio_reserva',
  waitlist_offer: 'oferta_lista_espera',
};
export const SMS = { enabled: true, accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, sender: '+34911234567' };
export const WHATSAPP = { enabled: true, phoneNumberId: PHONE_NUMBER_ID, accessToken: ACCESS_TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, templates: TEMPLATES };

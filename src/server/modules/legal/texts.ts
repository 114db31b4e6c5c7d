// The legal notice and the cookie policy (Spanish, LSSI-CE), and the three documents the site serves.
import { CONSENT_POLICY_VERSION, COOKIE_CONSENT_STORAGE_KEY } from '@shared/limits.ts';
import type { Block } from './simple-pdf.ts';
import { heading, identification, type LegalContext, li, p, subtitle, title } from './document-blocks.ts';
import { privacyPolicy } from './privacy-policy.ts';

function legalNotice({ owner }: LegalContext): Block[] {
  return [
    title('Aviso legal'),
    subtitle(owner.name),
    heading('1. Datos identificativos'),
    p(
      'En cumplimiento del artículo 10 de la Ley 34/2002, de servicios de la sociedad de la información y de ' +
        'comercio electrónico (LSSI-CE), se informa de los datos del titular de este sitio web:',
    ),
    ...identification(owner),
    heading('2. Objeto'),
    p(
      `Este sitio web ofrece información sobre ${owner.name} y permite solicitar reservas de mesa. Cada solicitud ` +
        'queda pendiente hasta que el restaurante la confirma: no constituye una reserva firme hasta recibir esa ' +
        'confirmación.',
    ),
    heading('3. Condiciones de uso'),
    p('El acceso al sitio es gratuito y atribuye la condición de usuario. Al usarlo te comprometes a:'),
    li('Hacer un uso lícito, diligente y de buena fe del sitio y de sus contenidos.'),
    li('Facilitar datos veraces, exactos y propios en el formulario de reserva.'),
    li(
      'No realizar solicitudes masivas, automatizadas o fraudulentas, ni intentar acceder a zonas restringidas, ' +
        'alterar el funcionamiento del sitio o dañar sus sistemas.',
    ),
    p(
      'El titular puede rechazar o cancelar las solicitudes que no cumplan estas condiciones y modificar en ' +
        'cualquier momento la información, los horarios y las condiciones de reserva publicados.',
    ),
    heading('4. Propiedad intelectual e industrial'),
    p(
      'Los contenidos del sitio (textos, imágenes, logotipos, marcas, diseño y código) son titularidad del titular ' +
        'o de terceros que han autorizado su uso, y están protegidos por la normativa de propiedad intelectual e ' +
        'industrial. Queda prohibida su reproducción, distribución, comunicación pública o transformación sin ' +
        'autorización expresa, salvo para el uso personal y privado necesario para consultar el sitio.',
    ),
    heading('5. Responsabilidad'),
    p(
      'El titular procura que el sitio funcione sin interrupciones y que la información sea correcta, pero no ' +
        'garantiza la ausencia de errores ni la disponibilidad continua del servicio, y no responde de los daños ' +
        'derivados de un uso indebido del sitio por parte de los usuarios. Los enlaces a sitios de terceros se ' +
        'ofrecen solo como referencia; el titular no controla ni responde de sus contenidos.',
    ),
    heading('6. Protección de datos y cookies'),
    p(
      'El tratamiento de los datos personales se rige por la Política de privacidad y protección de datos, y el uso ' +
        'de cookies y tecnologías similares por la Política de cookies, ambas disponibles en este sitio.',
    ),
    heading('7. Legislación aplicable y jurisdicción'),
    p(
      'Este aviso legal se rige por la legislación española. Para cualquier controversia, cuando el usuario tenga la ' +
        'condición de consumidor serán competentes los juzgados y tribunales de su domicilio; en los demás casos, los ' +
        'del domicilio del titular.',
    ),
  ];
}

function cookiePolicy({ owner }: LegalContext): Block[] {
  return [
    title('Política de cookies'),
    subtitle(`${owner.name} · Versión ${CONSENT_POLICY_VERSION}`),
    heading('1. Qué son las cookies'),
    p(
      'Las cookies son pequeños archivos que un sitio web guarda en tu navegador para recordar información entre ' +
        'una visita y otra. El almacenamiento local del navegador (localStorage) es una tecnología similar; esta ' +
        'política se aplica a ambas (artículo 22.2 de la LSSI-CE).',
    ),
    heading('2. Qué cookies usa este sitio'),
    p('Por defecto este sitio solo usa cookies y almacenamiento técnicos, necesarios para su funcionamiento:'),
    li(
      '«mesa_session» (o «__Host-mesa_session» en conexiones seguras): cookie propia de sesión que solo se instala ' +
        'cuando el personal del restaurante inicia sesión en el panel de administración, para mantener la sesión ' +
        'de forma segura. Caduca al cerrar la sesión, tras 12 horas sin actividad y, como máximo, a los 7 días. ' +
        'Quien solo solicita una reserva no la recibe.',
    ),
    li(
      `«${COOKIE_CONSENT_STORAGE_KEY}» (almacenamiento local): guarda tu elección sobre cookies, con la versión de ` +
        'esta política, la fecha y tus preferencias, para no volver a preguntarte en cada visita. Permanece hasta ' +
        'que cambies tu elección o borres los datos del navegador.',
    ),
    p(
      'Este sitio no usa actualmente cookies analíticas ni de marketing, ni cookies de terceros. Si en el futuro se ' +
        'incorporasen, solo se activarían con tu consentimiento previo, dado en el aviso de cookies, y se ' +
        'detallarían en esta política.',
    ),
    heading('3. Base legal'),
    p(
      'Las cookies y el almacenamiento técnicos están exentos de consentimiento porque son estrictamente ' +
        'necesarios para prestar el servicio que solicitas. Las cookies analíticas y de marketing requieren tu ' +
        'consentimiento, que puedes dar, rechazar o retirar en cualquier momento.',
    ),
    heading('4. Cómo gestionar tus preferencias'),
    li(
      'En tu primera visita, el aviso de cookies te permite aceptarlas todas, rechazar las opcionales o configurar ' +
        'cada categoría.',
    ),
    li(
      'Puedes cambiar tu elección cuando quieras con el botón «Configurar cookies» del pie de la página: retirar el ' +
        'consentimiento es tan fácil como darlo.',
    ),
    li(
      'También puedes bloquear o borrar las cookies y el almacenamiento local desde la configuración de tu ' +
        'navegador (Chrome, Firefox, Safari, Edge u otros). Si bloqueas las técnicas, algunas partes del sitio ' +
        'pueden no funcionar.',
    ),
    heading('5. Registro de tu elección'),
    p(
      'Cada elección sobre cookies queda registrada en nuestro servidor con la versión de esta política, la fecha, ' +
        'las preferencias elegidas y el tipo de navegador, para poder demostrar el consentimiento. No guardamos tu ' +
        'dirección IP en ese registro.',
    ),
    heading('6. Más información'),
    p(
      `Para cualquier duda sobre esta política escríbenos a ${owner.email}. El tratamiento de tus datos personales ` +
        'se explica en la Política de privacidad y protección de datos.',
    ),
  ];
}

export const DOCUMENTS = [
  { file: 'politica-privacidad.pdf', title: 'Política de privacidad y protección de datos', blocks: privacyPolicy },
  { file: 'aviso-legal.pdf', title: 'Aviso legal', blocks: legalNotice },
  { file: 'politica-cookies.pdf', title: 'Política de cookies', blocks: cookiePolicy },
] as const;

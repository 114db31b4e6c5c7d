// The three legal documents' texts (Spanish, LSSI-CE and RGPD), as blocks for platform/simple-pdf.ts.
import { CONSENT_POLICY_VERSION, COOKIE_CONSENT_STORAGE_KEY } from '@shared/limits.ts';
import type { Block } from '../../platform/simple-pdf.ts';

export interface Owner {
  name: string;
  email: string;
  nif: string | undefined;
  address: string | undefined;
}

/** What the documents are written from: the owner, the retention periods and the backups (issue 24). */
export interface LegalContext {
  owner: Owner;
  /** The privacy policy's version label, shown under its title. */
  policyVersion: string;
  retention: { reservationMonths: number; cancelledMonths: number; allergenMonths: number };
  /** The nightly backup's hour (null: off) and how many are kept (config BACKUP_HOUR, BACKUP_KEEP). */
  backups: { hour: number | null; keep: number };
}

const title = (text: string): Block => ({ type: 'title', text });
const subtitle = (text: string): Block => ({ type: 'subtitle', text });
const heading = (text: string): Block => ({ type: 'heading', text });
const p = (text: string): Block => ({ type: 'paragraph', text });
const li = (text: string): Block => ({ type: 'bullet', text });

function identification(owner: Owner): Block[] {
  return [
    li(`Titular y responsable: ${owner.name}.`),
    ...(owner.nif ? [li(`NIF/CIF: ${owner.nif}.`)] : []),
    ...(owner.address ? [li(`Domicilio: ${owner.address}.`)] : []),
    li(`Correo electrónico de contacto: ${owner.email}.`),
  ];
}

const months = (count: number) => (count === 1 ? '1 mes' : `${count} meses`);

function retention({ retention: periods, backups }: LegalContext): Block[] {
  return [
    heading('5. Cuánto tiempo conservamos los datos'),
    p(
      'Conservamos los datos de la reserva mientras la gestionamos y, una vez celebrada o cancelada, solo el tiempo ' +
        'necesario para atender posibles reclamaciones y cumplir nuestras obligaciones legales; durante ese periodo ' +
        'permanecen bloqueados y solo se usan para esos fines. Después se borran automáticamente:',
    ),
    li(`Tu nombre, teléfono, email y notas de una reserva, ${months(periods.reservationMonths)} después de la visita.`),
    li(
      `Los de una solicitud cancelada o rechazada y los de la lista de espera, ${months(periods.cancelledMonths)} ` +
        'después de su fecha.',
    ),
    li(`Las alergias e intolerancias que nos indiques, ${months(periods.allergenMonths)} después de tu última visita.`),
    p(
      'De cada reserva solo quedan cifras anónimas (fecha, hora, número de personas y estado) para nuestras ' +
        'estadísticas. El registro de tu consentimiento se conserva mientras puedan derivarse responsabilidades de él.',
    ),
    p(
      backups.hour === null
        ? 'Las copias de seguridad que se hagan del servidor conservan los datos que contenían hasta que se eliminan, ' +
            'y solo se usan para recuperar el servicio tras una avería.'
        : `Cada noche se hace una copia de seguridad del servidor y se guardan las ${backups.keep} más recientes: un ` +
            'dato borrado sigue en las copias anteriores al borrado hasta que se sustituyen, como máximo ' +
            `${backups.keep} días después, y esas copias solo se usan para recuperar el servicio tras una avería.`,
    ),
  ];
}

function privacyPolicy(context: LegalContext): Block[] {
  const { owner } = context;
  return [
    title('Política de privacidad y protección de datos'),
    subtitle(`${owner.name} · Versión ${context.policyVersion}`),
    p(
      `En ${owner.name} tratamos tus datos personales con respeto y de acuerdo con el Reglamento (UE) 2016/679 ` +
        '(Reglamento General de Protección de Datos, RGPD), la Ley Orgánica 3/2018, de Protección de Datos Personales ' +
        'y garantía de los derechos digitales (LOPDGDD), y la Ley 34/2002, de servicios de la sociedad de la información ' +
        'y de comercio electrónico (LSSI-CE). Aquí te explicamos qué datos recogemos, para qué y qué derechos tienes.',
    ),
    heading('1. Responsable del tratamiento'),
    ...identification(owner),
    heading('2. Qué datos tratamos'),
    p('Cuando solicitas una reserva a través del formulario de este sitio tratamos:'),
    li('Datos identificativos y de contacto: nombre y apellidos, teléfono y correo electrónico.'),
    li('Datos de la reserva: número de personas, fecha y hora, y el requerimiento especial que quieras indicarnos.'),
    li('El registro de tu consentimiento: tu correo electrónico, la versión de esta política que aceptaste y la fecha.'),
    p(
      'Si en el requerimiento especial nos indicas alergias, intolerancias u otras necesidades relacionadas con tu ' +
        'salud, las usaremos solo para atender tu reserva, con el consentimiento explícito que nos das al facilitarlas. ' +
        'No nos facilites más información de la necesaria.',
    ),
    p(
      'Por seguridad, el servidor trata de forma transitoria la dirección IP de cada solicitud para prevenir abusos ' +
        '(por ejemplo, envíos masivos automatizados). No la asociamos a tu reserva.',
    ),
    heading('3. Para qué usamos tus datos'),
    li('Registrar tu solicitud de reserva, confirmarla o rechazarla y gestionarla hasta su celebración.'),
    li(
      'Enviarte las comunicaciones propias de la reserva: acuse de recibo, confirmación, recordatorios antes de la ' +
        'fecha y, en su caso, cancelación.',
    ),
    li('Contactarte por teléfono o correo electrónico si hay cualquier incidencia con tu reserva.'),
    li('Atender el requerimiento especial que nos indiques.'),
    p(
      'No tomamos decisiones automatizadas ni elaboramos perfiles con tus datos, y no te enviaremos publicidad ' +
        'sin tu consentimiento previo.',
    ),
    heading('4. Base legal'),
    li(
      'Tu consentimiento (art. 6.1.a RGPD), que prestas al marcar la casilla de aceptación de esta política en el ' +
        'formulario de reserva.',
    ),
    li(
      'La ejecución de un contrato o la aplicación de medidas precontractuales a petición tuya (art. 6.1.b RGPD): ' +
        'gestionar la reserva que nos solicitas.',
    ),
    li('El cumplimiento de obligaciones legales que nos sean aplicables (art. 6.1.c RGPD).'),
    li('Nuestro interés legítimo en mantener la seguridad del sitio y prevenir usos fraudulentos (art. 6.1.f RGPD).'),
    ...retention(context),
    heading('6. Destinatarios'),
    p(
      'No cedemos tus datos a terceros, salvo obligación legal. Los proveedores que nos prestan servicios técnicos ' +
        '(alojamiento del servidor, envío de correo electrónico y notificaciones) acceden a ellos solo como encargados ' +
        'del tratamiento, por cuenta nuestra, con un contrato que les obliga a protegerlos (art. 28 RGPD). No están ' +
        'previstas transferencias internacionales de datos; si algún proveedor estuviera fuera del Espacio Económico ' +
        'Europeo, solo se harían con las garantías que exige el RGPD.',
    ),
    heading('7. Tus derechos'),
    p('Puedes ejercer en cualquier momento y de forma gratuita los derechos de:'),
    li('Acceso: saber si tratamos tus datos y obtener una copia.'),
    li('Rectificación: corregir los datos inexactos o incompletos.'),
    li('Supresión: pedir que borremos tus datos cuando ya no sean necesarios.'),
    li('Oposición: oponerte a un tratamiento basado en nuestro interés legítimo.'),
    li('Limitación del tratamiento: pedir que conservemos los datos sin usarlos mientras se resuelve una reclamación.'),
    li('Portabilidad: recibir tus datos en un formato estructurado y de uso común.'),
    li(
      'Retirar tu consentimiento en cualquier momento, sin que ello afecte a la licitud del tratamiento anterior ' +
        'a la retirada.',
    ),
    p(
      `Para ejercerlos, escríbenos a ${owner.email} con el asunto «Protección de datos», indicando el derecho que ` +
        'quieres ejercer y un medio que nos permita comprobar tu identidad. Te responderemos en el plazo de un mes, ' +
        'prorrogable dos meses más cuando la complejidad o el número de solicitudes lo exijan; en ese caso te lo ' +
        'comunicaremos.',
    ),
    p(
      'También puedes hacerlo desde el enlace privado de tu reserva, que llega en cada correo electrónico: «Descargar ' +
        'mis datos» te envía una copia de todo lo que guardamos sobre ti, y «Borrar mis datos» te envía un enlace para ' +
        'confirmar el borrado.',
    ),
    heading('8. Reclamaciones ante la autoridad de control'),
    p(
      'Si consideras que no hemos atendido correctamente tus derechos, puedes presentar una reclamación ante la ' +
        'Agencia Española de Protección de Datos (AEPD), C/ Jorge Juan 6, 28001 Madrid, a través de su sede ' +
        'electrónica en www.aepd.es. Te agradeceremos que antes nos escribas para intentar resolverlo.',
    ),
    heading('9. Seguridad'),
    p(
      'Aplicamos medidas técnicas y organizativas adecuadas para proteger tus datos: comunicaciones cifradas, ' +
        'acceso restringido al personal autorizado del restaurante mediante credenciales personales, bloqueo de ' +
        'cuentas tras intentos de acceso fallidos y copias de seguridad.',
    ),
    heading('10. Menores de edad'),
    p(
      'Las reservas deben solicitarlas personas mayores de 14 años (art. 7 LOPDGDD). Si eres menor de esa edad, ' +
        'pide a tu madre, padre o tutor que haga la reserva por ti.',
    ),
    heading('11. Cambios en esta política'),
    p(
      'Podemos actualizar esta política para adaptarla a cambios legales o del servicio. La versión vigente es la ' +
        `indicada al principio del documento (${context.policyVersion}); cada consentimiento queda registrado con ` +
        'la versión y el texto exacto que aceptaste.',
    ),
  ];
}

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

/** The privacy policy as plain text, one block per line: what a policy version records. */
export const privacyPolicyText = (context: LegalContext) => privacyPolicy(context).map((block) => block.text).join('\n');

export const DOCUMENTS = [
  { file: 'politica-privacidad.pdf', title: 'Política de privacidad y protección de datos', blocks: privacyPolicy },
  { file: 'aviso-legal.pdf', title: 'Aviso legal', blocks: legalNotice },
  { file: 'politica-cookies.pdf', title: 'Política de cookies', blocks: cookiePolicy },
] as const;

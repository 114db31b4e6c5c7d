// The privacy policy (Spanish, RGPD and LOPDGDD): written from the owner's details, the retention periods, the backups
// and the services switched on; each change of its text is a new version (policy-versions.ts).
import type { Block } from './simple-pdf.ts';
import { heading, identification, type LegalContext, li, p, subtitle, title, when } from './document-blocks.ts';

const months = (count: number) => (count === 1 ? '1 mes' : `${count} meses`);

function retention(context: LegalContext): Block[] {
  const { retention: periods, backups } = context;
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
    ...when(context.feedback, li('El comentario de tu valoración de una visita, con los datos de esa reserva; la nota de 1 a 5 queda solo como cifra anónima.')),
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

/** 'WhatsApp o SMS', 'WhatsApp', 'SMS' or null: the channels a guest may choose. */
function messagingChannels({ providers }: LegalContext): string | null {
  const names = [providers.whatsapp && 'WhatsApp', providers.sms && 'SMS'].filter(Boolean);
  return names.length ? names.join(' o ') : null;
}

const OUTSIDE_EEA =
  'puede tratar datos en Estados Unidos, al amparo del Marco de Privacidad de Datos UE-EE. UU. y de las cláusulas ' +
  'contractuales tipo de la Comisión Europea.';

function recipients({ providers }: LegalContext): Block[] {
  const processors = [
    providers.whatsapp && `Meta Platforms Ireland Limited (Dublín, Irlanda), que entrega los mensajes de WhatsApp; ${OUTSIDE_EEA}`,
    providers.sms && `Twilio Ireland Limited (Dublín, Irlanda), que entrega los SMS; ${OUTSIDE_EEA}`,
    providers.cardGuarantee &&
      `Stripe Payments Europe, Limited (Dublín, Irlanda), que guarda la tarjeta de la garantía y hace los cobros; ${OUTSIDE_EEA}`,
  ].filter((text): text is string => Boolean(text));
  const technical =
    'No cedemos tus datos a terceros, salvo obligación legal. Los proveedores que nos prestan servicios técnicos ' +
    '(alojamiento del servidor, envío de correo electrónico y notificaciones) acceden a ellos solo como encargados ' +
    'del tratamiento, por cuenta nuestra, con un contrato que les obliga a protegerlos (art. 28 RGPD).';
  if (processors.length === 0) {
    return [
      heading('6. Destinatarios'),
      p(
        `${technical} No están previstas transferencias internacionales de datos; si algún proveedor estuviera fuera ` +
          'del Espacio Económico Europeo, solo se harían con las garantías que exige el RGPD.',
      ),
    ];
  }
  return [
    heading('6. Destinatarios'),
    p(technical),
    p('Además, cuando eliges recibir los avisos por ese canal o tu reserva pide garantía, tratan tus datos por cuenta nuestra:'),
    ...processors.map(li),
    p('Fuera de esos casos no están previstas transferencias internacionales de datos.'),
  ];
}

export function privacyPolicy(context: LegalContext): Block[] {
  const { owner, providers } = context;
  const channels = messagingChannels(context);
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
    ...when(
      channels,
      li(
        `Si eliges recibir los avisos de tu reserva por ${channels}: tu teléfono en formato internacional, el ` +
          'registro de esa elección (el texto que aceptaste y la fecha), los mensajes que te enviamos y los que nos ' +
          'respondes, y su estado de entrega. Si te das de baja, guardamos tu número en la lista de bajas para no ' +
          'volver a escribirte por ese canal.',
      ),
    ),
    ...when(
      providers.cardGuarantee,
      li(
        'Si tu reserva pide una garantía con tarjeta: escribes la tarjeta en la página segura de nuestro proveedor ' +
          'de pagos y nunca pasa por nuestro servidor; guardamos solo la referencia que nos da el proveedor, la ' +
          'marca y los cuatro últimos dígitos, y los cargos que se hagan.',
      ),
    ),
    ...when(
      context.feedback,
      li('Si valoras tu visita cuando te lo pedimos: la nota de 1 a 5, el comentario que quieras dejarnos y la fecha.'),
    ),
    li(
      'Si ya eras cliente antes de que usáramos este sistema de reservas: los datos que teníamos de ti en el sistema ' +
        'anterior (contacto, notas, etiquetas, alergias y las reservas que tenías por venir), que hemos traído a este. ' +
        'No traemos ningún consentimiento para publicidad que no nos hubieras dado.',
    ),
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
    ...when(
      channels,
      li(
        `Si lo eliges, enviarte esas comunicaciones por ${channels} y recibir tus respuestas: «Confirmo» y «Cancelar» ` +
          'actualizan tu reserva, y lo que nos escribas lo lee el personal del restaurante.',
      ),
    ),
    ...when(
      providers.cardGuarantee,
      li(
        'Garantizar tu reserva con la tarjeta y, solo si no te presentas o cancelas fuera del plazo que se te indica ' +
          'al reservar, cobrar el importe que allí se muestra.',
      ),
    ),
    ...when(
      context.feedback,
      li(
        'Pedirte, después de tu visita y una sola vez, que la valores, por correo electrónico o por el canal que ' +
          'elegiste para los avisos. Responder es voluntario; tu valoración y tu comentario los lee solo el personal ' +
          'del restaurante, y si la visita no fue bien pueden llamarte para saber qué pasó.',
      ),
    ),
    li('Contactarte por teléfono o correo electrónico si hay cualquier incidencia con tu reserva.'),
    li('Atender el requerimiento especial que nos indiques.'),
    p(
      'Estimar el riesgo de que una reserva no se atienda, para que el personal pueda llamarte y confirmarla. Es una ' +
        'elaboración de perfiles sencilla: el personal ve una estimación (baja, media o alta) y sus motivos, ' +
        'calculados solo a partir de tus propias reservas anteriores con nosotros (las veces que no te presentaste, ' +
        'las cancelaciones con menos de 24 horas de antelación y tus visitas), el número de personas, la antelación ' +
        'con que se hizo la reserva, cómo se hizo (en la web, por teléfono) y si la confirmaste o la garantizaste ' +
        'con tarjeta. Sirve solo para que el personal pueda llamarte para confirmar: nunca se rechaza, cancela ni ' +
        'cobra una reserva de forma automática por esta estimación.',
    ),
    p('No tomamos otras decisiones automatizadas con tus datos, y no te enviaremos publicidad sin tu consentimiento previo.'),
    heading('4. Base legal'),
    li(
      'Tu consentimiento (art. 6.1.a RGPD), que prestas al marcar la casilla de aceptación de esta política en el ' +
        'formulario de reserva.',
    ),
    ...when(
      channels,
      li(
        `Tu consentimiento para recibir los avisos por ${channels} (art. 6.1.a RGPD), que das al marcar su casilla en ` +
          'el formulario y puedes retirar cuando quieras respondiendo «BAJA» o «STOP» a cualquiera de los mensajes.',
      ),
    ),
    li(
      'La ejecución de un contrato o la aplicación de medidas precontractuales a petición tuya (art. 6.1.b RGPD): ' +
        'gestionar la reserva que nos solicitas.',
    ),
    li(
      'Para los datos traídos de nuestro sistema anterior, la misma base con la que los recogimos: la ejecución del ' +
        'contrato de tus reservas (art. 6.1.b RGPD) o nuestro interés legítimo en conservar la agenda de clientes del ' +
        'restaurante (art. 6.1.f RGPD), al que puedes oponerte escribiéndonos.',
    ),
    li('El cumplimiento de obligaciones legales que nos sean aplicables (art. 6.1.c RGPD).'),
    li('Nuestro interés legítimo en mantener la seguridad del sitio y prevenir usos fraudulentos (art. 6.1.f RGPD).'),
    li(
      'Nuestro interés legítimo en no perder mesas por reservas que no se atienden (art. 6.1.f RGPD): la ' +
        'estimación del riesgo de que una reserva no se atienda.',
    ),
    ...when(
      context.feedback,
      li(
        'Nuestro interés legítimo en conocer tu opinión sobre la visita para mejorar (art. 6.1.f RGPD): la petición ' +
          'de valoración, a la que puedes oponerte escribiéndonos.',
      ),
    ),
    ...retention(context),
    ...recipients(context),
    heading('7. Tus derechos'),
    p('Puedes ejercer en cualquier momento y de forma gratuita los derechos de:'),
    li('Acceso: saber si tratamos tus datos y obtener una copia.'),
    li('Rectificación: corregir los datos inexactos o incompletos.'),
    li('Supresión: pedir que borremos tus datos cuando ya no sean necesarios.'),
    li(
      'Oposición (art. 21 RGPD): oponerte a un tratamiento basado en nuestro interés legítimo, como la estimación ' +
        `del riesgo de que tu reserva no se atienda, escribiéndonos a ${owner.email}.`,
    ),
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

/** The privacy policy as plain text, one block per line: what a policy version records. */
export const privacyPolicyText = (context: LegalContext) => privacyPolicy(context).map((block) => block.text).join('\n');

import type { Metadata } from "next";
import Link from "next/link";
import { companyIdentity, ContactChannel, LegalDocument, type LegalSection } from "@/components/site/content/legal-document";
import { getSiteSettings } from "@/lib/content/settings";
import { PRIVACY_POLICY_VERSION } from "@/lib/legal/privacy";
import { pageMetadata } from "@/lib/seo";

export const revalidate = 3600;

/** Date of the current version of this text (yyyy-mm-dd). */
const UPDATED = PRIVACY_POLICY_VERSION;

export const metadata: Metadata = pageMetadata({
  title: "Política de privacidad",
  description:
    "Cómo tratamos tus datos personales según la Ley N.° 29733 del Perú y su Reglamento: finalidades, conservación, cookies y tus derechos ARCO.",
  path: "/privacidad",
});

export default async function PrivacyPage() {
  const settings = await getSiteSettings();
  const company = settings.companyLegalName ?? settings.companyName;
  const contact = <ContactChannel settings={settings} />;

  const sections: LegalSection[] = [
    {
      id: "responsable",
      title: "Responsable del tratamiento",
      body: (
        <p>
          El titular del banco de datos personales y responsable del tratamiento es <strong>{companyIdentity(settings)}</strong>.
          Para cualquier consulta sobre tus datos personales puedes escribirnos a {contact}.
        </p>
      ),
    },
    {
      id: "marco-legal",
      title: "Marco legal",
      body: (
        <p>
          Tratamos tus datos conforme a la <strong>Ley N.° 29733, Ley de Protección de Datos Personales</strong>, y a su
          Reglamento, aprobado por el <strong>Decreto Supremo N.° 016-2024-JUS</strong>, así como a las directivas de la Autoridad
          Nacional de Protección de Datos Personales (ANPD) del Ministerio de Justicia y Derechos Humanos.
        </p>
      ),
    },
    {
      id: "datos",
      title: "Datos que recopilamos",
      body: (
        <>
          <p>Solo pedimos los datos necesarios para cada finalidad:</p>
          <ul>
            <li>
              <strong>Formulario de contacto:</strong> nombre completo, correo electrónico, teléfono, empresa, sector, asunto y
              mensaje. Para prevenir abusos registramos también la dirección IP y el navegador desde el que se envía.
            </li>
            <li>
              <strong>Cuenta de usuario:</strong> nombre, correo electrónico y contraseña, que guardamos cifrada de forma
              irreversible; nunca la conocemos en texto plano.
            </li>
            <li>
              <strong>Área de clientes:</strong> datos de tus suscripciones, facturas, pagos y tickets de soporte.
            </li>
          </ul>
          <p>No solicitamos datos sensibles. Te pedimos no incluirlos en los mensajes que nos envíes.</p>
        </>
      ),
    },
    {
      id: "finalidades",
      title: "Finalidades del tratamiento",
      body: (
        <ul>
          <li>Responder tus consultas y preparar propuestas comerciales que nos solicites.</li>
          <li>Prestar los servicios contratados, darte acceso al área de clientes y atender tus tickets de soporte.</li>
          <li>Emitir comprobantes de pago y cumplir nuestras obligaciones tributarias y contables.</li>
          <li>Proteger la seguridad del sitio y prevenir fraudes o usos indebidos.</li>
        </ul>
      ),
    },
    {
      id: "base-legal",
      title: "Consentimiento y legitimación",
      body: (
        <p>
          Tratamos tus datos con tu consentimiento libre, previo, expreso, inequívoco e informado, que otorgas al enviar el
          formulario de contacto o crear una cuenta; para ejecutar la relación contractual contigo; y para cumplir obligaciones
          legales. Puedes revocar tu consentimiento en cualquier momento, sin efecto retroactivo. No usamos tus datos para
          enviarte publicidad sin tu autorización y no los vendemos ni alquilamos a nadie.
        </p>
      ),
    },
    {
      id: "destinatarios",
      title: "Encargados y transferencias",
      body: (
        <p>
          Para operar el sitio contratamos proveedores de alojamiento, correo electrónico y respaldo que actúan como encargados
          del tratamiento, solo por nuestra cuenta y bajo obligaciones de confidencialidad y seguridad. Si alguno de ellos
          almacena información fuera del Perú, el flujo transfronterizo se realiza con las garantías que exige la Ley N.° 29733 y
          su Reglamento. Solo compartiremos datos con autoridades cuando una norma o una orden judicial lo exijan.
        </p>
      ),
    },
    {
      id: "conservacion",
      title: "Plazo de conservación",
      body: (
        <ul>
          <li>Mensajes de contacto: hasta dos (2) años desde la última comunicación, salvo que se conviertan en una relación comercial.</li>
          <li>Datos de la cuenta: mientras la cuenta esté activa; al cerrarla, los eliminamos o anonimizamos.</li>
          <li>
            Comprobantes, facturas y pagos: durante el plazo que exige la normativa tributaria y contable peruana, aunque la
            cuenta se haya cerrado.
          </li>
          <li>Registros técnicos de seguridad: hasta doce (12) meses.</li>
        </ul>
      ),
    },
    {
      id: "derechos",
      title: "Tus derechos ARCO",
      body: (
        <>
          <p>
            Como titular de tus datos puedes ejercer en cualquier momento y de forma gratuita los derechos de{" "}
            <strong>Acceso, Rectificación, Cancelación y Oposición (ARCO)</strong>, así como el derecho de información y la
            revocación de tu consentimiento.
          </p>
          <p>
            Presenta tu solicitud en el formulario de{" "}
            <Link href="/derechos-arco" className="font-semibold text-brand-700 underline hover:text-brand-900">
              Derechos ARCO
            </Link>{" "}
            o escríbenos a {contact} con el asunto «Derechos ARCO», indicando tu nombre, el derecho que ejerces y un documento
            que acredite tu identidad (DNI, carné de extranjería o pasaporte) o, si actúas por otra persona, tu representación.
            Responderemos dentro de los plazos que establece el Reglamento de la Ley N.° 29733: veinte (20) días hábiles para el
            acceso y la portabilidad, y diez (10) días hábiles para la rectificación, la cancelación y la oposición. Si tienes una
            cuenta, también puedes pedir su eliminación desde «Mi perfil».
          </p>
          <p>
            Si consideras que no hemos atendido tu solicitud, puedes presentar una reclamación ante la{" "}
            <strong>Autoridad Nacional de Protección de Datos Personales (ANPD)</strong> del Ministerio de Justicia y Derechos
            Humanos.
          </p>
        </>
      ),
    },
    {
      id: "seguridad",
      title: "Medidas de seguridad",
      body: (
        <p>
          Aplicamos medidas técnicas, organizativas y legales para proteger tus datos: conexiones cifradas (HTTPS), contraseñas
          almacenadas con algoritmos de derivación seguros, accesos limitados por rol, registro de actividad y copias de
          seguridad periódicas. Ninguna medida es infalible; si detectamos un incidente que afecte tus datos, te lo
          comunicaremos y lo informaremos a la ANPD conforme a la normativa.
        </p>
      ),
    },
    {
      id: "cookies",
      title: "Cookies",
      body: (
        <>
          <p>
            Este sitio usa <strong>solo cookies estrictamente necesarias</strong> para su funcionamiento: la cookie de sesión que
            te mantiene conectado cuando inicias sesión y una cookie de protección contra falsificación de solicitudes (CSRF).
          </p>
          <p>
            No usamos cookies de analítica, publicidad ni de terceros, y no rastreamos tu navegación. Puedes bloquear las cookies
            desde tu navegador, pero entonces no podrás iniciar sesión en el área de clientes.
          </p>
        </>
      ),
    },
    {
      id: "menores",
      title: "Menores de edad",
      body: (
        <p>
          Nuestros servicios están dirigidos a empresas. No recopilamos a sabiendas datos de menores de catorce (14) años; si
          detectamos que los hemos recibido, los eliminaremos.
        </p>
      ),
    },
    {
      id: "cambios",
      title: "Cambios en esta política",
      body: (
        <p>
          Podemos actualizar esta política para reflejar cambios legales o en nuestros servicios. Publicaremos la nueva versión
          en esta página con su fecha de actualización y, si el cambio es relevante, te lo avisaremos por correo electrónico.
          Consulta también nuestros <Link href="/terminos" className="font-semibold text-brand-700 underline hover:text-brand-900">Términos y condiciones</Link>.
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title="Política de privacidad"
      updated={UPDATED}
      sections={sections}
      intro={
        <p>
          En {company} respetamos tu privacidad. Esta política explica qué datos personales recopilamos en este sitio, para qué
          los usamos, cuánto tiempo los conservamos y cómo puedes ejercer tus derechos.
        </p>
      }
    />
  );
}

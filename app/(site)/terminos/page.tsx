import type { Metadata } from "next";
import Link from "next/link";
import { companyIdentity, ContactChannel, LegalDocument, type LegalSection } from "@/components/site/content/legal-document";
import { getSiteSettings } from "@/lib/content/settings";
import { pageMetadata } from "@/lib/seo";

export const revalidate = 3600;

/** Date of the current version of this text (yyyy-mm-dd). */
const UPDATED = "2026-11-22";

export const metadata: Metadata = pageMetadata({
  title: "Términos y condiciones",
  description:
    "Condiciones de uso del sitio y del área de clientes, regidas por las leyes de la República del Perú y sometidas a los jueces y tribunales de Lima.",
  path: "/terminos",
});

const link = "font-semibold text-brand-700 underline hover:text-brand-900";

export default async function TermsPage() {
  const settings = await getSiteSettings();
  const company = settings.companyLegalName ?? settings.companyName;
  const contact = <ContactChannel settings={settings} />;

  const sections: LegalSection[] = [
    {
      id: "identificacion",
      title: "Identificación",
      body: (
        <p>
          Este sitio web es operado por <strong>{companyIdentity(settings)}</strong> (en adelante, «la empresa»). Puedes
          comunicarte con nosotros escribiendo a {contact}.
        </p>
      ),
    },
    {
      id: "aceptacion",
      title: "Aceptación",
      body: (
        <p>
          Al navegar por este sitio, enviar un formulario o crear una cuenta aceptas estos términos. Si no estás de acuerdo con
          ellos, te pedimos no usar el sitio. Quien acepta en nombre de una empresa declara tener facultades para obligarla.
        </p>
      ),
    },
    {
      id: "objeto",
      title: "Objeto del sitio",
      body: (
        <p>
          El sitio informa sobre nuestros productos, servicios y soluciones tecnológicas, permite solicitar información y da a
          nuestros clientes acceso a un área privada con sus suscripciones, facturas, pagos y tickets de soporte. La contratación
          de cada servicio se rige por la propuesta o el contrato firmado con el cliente, que prevalece sobre estos términos.
        </p>
      ),
    },
    {
      id: "cuentas",
      title: "Cuentas de usuario",
      body: (
        <ul>
          <li>Debes proporcionar información veraz y mantenerla actualizada.</li>
          <li>Eres responsable de la confidencialidad de tu contraseña y de la actividad realizada con tu cuenta.</li>
          <li>Avísanos de inmediato si sospechas de un acceso no autorizado.</li>
          <li>Podemos suspender cuentas usadas de forma fraudulenta o contraria a estos términos.</li>
        </ul>
      ),
    },
    {
      id: "uso",
      title: "Uso permitido",
      body: (
        <>
          <p>Te comprometes a usar el sitio de forma lícita. En particular, no está permitido:</p>
          <ul>
            <li>Intentar acceder a áreas, cuentas o datos que no te corresponden.</li>
            <li>Introducir código malicioso, sobrecargar el servicio o eludir sus medidas de seguridad.</li>
            <li>Enviar mensajes masivos, falsos o que infrinjan derechos de terceros.</li>
            <li>Extraer de forma automatizada el contenido del sitio con fines comerciales.</li>
          </ul>
        </>
      ),
    },
    {
      id: "precios",
      title: "Información y precios",
      body: (
        <p>
          Los precios publicados son referenciales («desde»), están expresados en la moneda indicada en cada caso y pueden variar
          según el alcance de cada proyecto. Salvo indicación expresa, no incluyen el Impuesto General a las Ventas (IGV). El
          precio y las condiciones definitivas son los de la propuesta aceptada por el cliente.
        </p>
      ),
    },
    {
      id: "propiedad",
      title: "Propiedad intelectual",
      body: (
        <p>
          Los textos, diseños, logotipos, imágenes y software de este sitio pertenecen a la empresa o a sus licenciantes y están
          protegidos por el Decreto Legislativo N.° 822, Ley sobre el Derecho de Autor, y demás normas aplicables. No puedes
          reproducirlos ni distribuirlos sin autorización escrita. Las marcas de terceros citadas pertenecen a sus titulares.
        </p>
      ),
    },
    {
      id: "terceros",
      title: "Enlaces a terceros",
      body: (
        <p>
          El sitio puede enlazar a documentación o servicios de terceros. No controlamos su contenido ni sus políticas, y no
          somos responsables de ellos; te recomendamos revisar sus condiciones antes de usarlos.
        </p>
      ),
    },
    {
      id: "responsabilidad",
      title: "Responsabilidad",
      body: (
        <p>
          Trabajamos para que el sitio esté disponible y su información sea exacta, pero no garantizamos que funcione sin
          interrupciones ni errores. En la medida que lo permita la ley, la empresa no responde por daños indirectos derivados del
          uso del sitio. Nada de lo anterior limita los derechos que te reconoce el Código de Protección y Defensa del Consumidor
          (Ley N.° 29571) cuando te sea aplicable.
        </p>
      ),
    },
    {
      id: "datos",
      title: "Protección de datos personales",
      body: (
        <p>
          Tratamos tus datos conforme a la Ley N.° 29733 y a su Reglamento. Los detalles están en nuestra{" "}
          <Link href="/privacidad" className={link}>
            Política de privacidad
          </Link>
          .
        </p>
      ),
    },
    {
      id: "modificaciones",
      title: "Modificaciones",
      body: (
        <p>
          Podemos modificar estos términos. La versión vigente es la publicada en esta página, con su fecha de actualización; los
          cambios no afectan a los servicios ya contratados, que se rigen por su propio contrato.
        </p>
      ),
    },
    {
      id: "ley-aplicable",
      title: "Ley aplicable y jurisdicción",
      body: (
        <p>
          Estos términos se rigen por las leyes de la <strong>República del Perú</strong>. Para cualquier controversia derivada
          de ellos, las partes se someten a la competencia de los <strong>jueces y tribunales de la ciudad de Lima</strong>,
          Perú, renunciando al fuero de sus domicilios, sin perjuicio de los derechos que la ley otorga a los consumidores para
          acudir al INDECOPI.
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title="Términos y condiciones"
      updated={UPDATED}
      sections={sections}
      intro={
        <p>
          Estos términos regulan el uso del sitio web de {company} y de su área de clientes. Léelos con atención: describen tus
          derechos y obligaciones, y los nuestros.
        </p>
      }
    />
  );
}

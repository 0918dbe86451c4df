// SUNAT's code catalogues (Anexo 8 of the electronic-invoicing rules) as far as this product uses
// them: each code with its label as SUNAT writes it, and the list URIs the UBL documents cite.
// Pure: no I/O here.
import type { CreditNoteReasonCode, DocumentTypeCode, IdentityDocumentType, SummaryCondition } from "@/lib/sunat/types";

/** The URI SUNAT gives catalogue `number` ("01", "51"…) in a document's list attributes. */
export const catalogUri = (number: string) => `urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo${number}`;

/** Catalogue 01: tipo de documento (the ones we issue). */
export const DOCUMENT_TYPES: Record<DocumentTypeCode, string> = {
  "01": "Factura",
  "03": "Boleta de venta",
  "07": "Nota de crédito",
};

/** Catalogue 06: tipo de documento de identidad (the ones a customer of ours may have), SUNAT's own abbreviations. */
export const IDENTITY_DOCUMENT_TYPES: Record<IdentityDocumentType, string> = {
  "0": "DOC.TRIB.NO.DOM.SIN.RUC",
  "1": "DOC. NACIONAL DE IDENTIDAD",
  "4": "CARNET DE EXTRANJERIA",
  "6": "REG. UNICO DE CONTRIBUYENTES",
  "7": "PASAPORTE",
};

/** Catalogue 07: tipo de afectación del IGV. Only "10" is issued. */
export const IGV_AFFECTATION_TYPES = {
  "10": "Gravado - Operación Onerosa",
} as const;

/** Catalogue 05: the tax scheme every line and total of ours carries (IGV). */
export const IGV_TAX_SCHEME = { id: "1000", name: "IGV", typeCode: "VAT" } as const;

/** Catalogue 09: tipo de nota de crédito, every reason SUNAT accepts today. */
export const CREDIT_NOTE_REASONS: Record<CreditNoteReasonCode | "11" | "12", string> = {
  "01": "Anulación de la operación",
  "02": "Anulación por error en el RUC",
  "03": "Corrección por error en la descripción",
  "04": "Descuento global",
  "05": "Descuento por ítem",
  "06": "Devolución total",
  "07": "Devolución por ítem",
  "08": "Bonificación",
  "09": "Disminución en el valor",
  "10": "Otros conceptos",
  "11": "Ajustes de operaciones de exportación",
  "12": "Ajustes afectos al IVAP",
  "13":
    "Corrección del monto neto pendiente de pago y/o la(s) fecha(s) de vencimiento del pago único o de las cuotas y/o los montos correspondientes a cada cuota, de ser el caso",
};

/** Catalogue 16: tipo de precio. "01" is the unit price with taxes. */
export const PRICE_TYPE_UNIT_PRICE = "01";

/** Catalogue 19: the state of a line of a resumen diario. */
export const SUMMARY_CONDITIONS: Record<SummaryCondition, string> = {
  "1": "Adicionar",
  "2": "Modificar",
  "3": "Anulado",
};

/** Catalogue 51: tipo de operación (the ones we use). */
export const OPERATION_TYPES = {
  "0101": "Venta interna",
  "1001": "Operación Sujeta a Detracción",
} as const;

/** Catalogue 52: the legends a document's notes carry, by their code. */
export const LEGENDS = {
  amountInWords: "1000",
  detraction: "2006",
} as const;
export const DETRACTION_LEGEND = "Operación sujeta a detracción";

/**
 * Catalogue 54: bienes y servicios sujetos a detracción, the services of Anexo 3 (the goods of
 * Anexos 1 and 2 are never sold here).
 */
export const DETRACTION_SERVICES = {
  "012": "Intermediación laboral y tercerización",
  "019": "Arrendamiento de bienes",
  "020": "Mantenimiento y reparación de bienes muebles",
  "021": "Movimiento de carga",
  "022": "Otros servicios empresariales",
  "024": "Comisión mercantil",
  "025": "Fabricación de bienes por encargo",
  "026": "Servicio de transporte de personas",
  "030": "Contratos de construcción",
  "037": "Demás servicios gravados con el IGV",
} as const;
export type DetractionServiceCode = keyof typeof DETRACTION_SERVICES;

/** Catalogue 59: medios de pago (the ones a detracción deposit or a customer of ours uses). */
export const PAYMENT_MEANS = {
  "001": "Depósito en cuenta",
  "002": "Giro",
  "003": "Transferencia de fondos",
  "004": "Orden de pago",
  "005": "Tarjeta de débito",
  "999": "Otros medios de pago",
} as const;

/** The label of a catalogue code, or undefined when the code is not in it. */
export function catalogLabel<T extends Record<string, string>>(catalog: T, code: string): string | undefined {
  return Object.hasOwn(catalog, code) ? catalog[code as keyof T] : undefined;
}

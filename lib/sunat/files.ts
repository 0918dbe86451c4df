import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";

// The files of an electronic document, for "Descargar XML" and "Ver CDR" (admin, the client who
// owns it, and the REST API): the signed XML exactly as sent, and SUNAT's answer (CDR) exactly as
// received. A boleta's CDR is that of the summary that carried it.

export type DocumentFile = { fileName: string; contentType: string; body: Uint8Array };

const MESSAGES = {
  invoice: "Factura no encontrada.",
  noXml: "El comprobante aún no tiene XML firmado: revisa su estado SUNAT.",
  noCdr: "SUNAT aún no entregó la constancia (CDR) de este comprobante.",
};

type Source = { invoiceId: number } | { creditNoteId: number };

async function documentOf(source: Source, ownerId?: string) {
  const where =
    "invoiceId" in source
      ? { invoiceId: source.invoiceId, ...(ownerId !== undefined && { invoice: { userId: ownerId } }) }
      : { creditNoteId: source.creditNoteId, ...(ownerId !== undefined && { creditNote: { userId: ownerId } }) };
  const document = await db.electronicDocument.findFirst({
    where,
    select: { id: true, name: true, xml: true, cdr: true, cdrProblem: true },
  });
  // The invoice itself must exist (and be the caller's): otherwise 404 like any unknown id.
  if (!document) {
    const exists =
      "invoiceId" in source
        ? await db.invoice.count({ where: { id: source.invoiceId, ...(ownerId !== undefined && { userId: ownerId }) } })
        : await db.creditNote.count({ where: { id: source.creditNoteId, ...(ownerId !== undefined && { userId: ownerId }) } });
    throw notFound(exists ? MESSAGES.noXml : MESSAGES.invoice);
  }
  return document;
}

export async function signedXmlFile(source: Source, ownerId?: string): Promise<DocumentFile> {
  const document = await documentOf(source, ownerId);
  if (!document.xml) throw notFound(MESSAGES.noXml);
  return { fileName: `${document.name}.xml`, contentType: "application/xml; charset=utf-8", body: new TextEncoder().encode(document.xml) };
}

export async function cdrFile(source: Source, ownerId?: string): Promise<DocumentFile> {
  const document = await documentOf(source, ownerId);
  // A CDR that could not be trusted stays with the admins (to inspect it), never handed to the client.
  if (document.cdr && (ownerId === undefined || document.cdrProblem === null)) return { fileName: `R-${document.name}.zip`, contentType: "application/zip", body: document.cdr };
  if (document.cdr) throw notFound(MESSAGES.noCdr);
  const carrier = await db.electronicDocumentItem.findFirst({
    where: { documentId: document.id, carrier: { cdr: { not: null }, cdrProblem: null, status: { in: ["accepted", "observed", "rejected"] } } },
    orderBy: { carrierId: "desc" },
    select: { carrier: { select: { name: true, cdr: true } } },
  });
  if (!carrier?.carrier.cdr) throw notFound(MESSAGES.noCdr);
  return { fileName: `R-${carrier.carrier.name}.zip`, contentType: "application/zip", body: carrier.carrier.cdr };
}

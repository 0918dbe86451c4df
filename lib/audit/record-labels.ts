import "server-only";
import { db } from "@/lib/db";
import { MAX_RECORD_ID } from "@/lib/ids";
import { formatMoney, formatShortDay } from "@/lib/format";
import { auditRecordKey, type AuditRecordLabel, type AuditRecordLabels } from "./labels";
import type { AuditLogContract } from "./queries";

// What "Registro de actividad" calls each record: the number, name or e-mail a person knows it
// by ("F001-00000035", "María Quispe (cliente@lumenti.pe)"), never its internal id. The records of
// one page are read together: one query per kind of record on the page, whatever the number of
// rows. A record deleted since is named from what its entry recorded, else by its id.

const INT_ID = /^[1-9]\d{0,9}$/;

function intIds(ids: Set<string>): number[] {
  return [...ids].filter((id) => INT_ID.test(id) && Number(id) <= MAX_RECORD_ID).map(Number);
}

const personLabel = (name: string, email: string) => (name.trim() ? `${name} (${email})` : email);

/** A name from the entry's own details, for a record that no longer exists. */
function labelFromDetails(entry: AuditLogContract): AuditRecordLabel | null {
  const details = { ...(entry.before ?? {}), ...(entry.after ?? {}) };
  const text = (key: string) => (typeof details[key] === "string" && (details[key] as string).trim() ? (details[key] as string) : null);
  const currency = text("currency") ?? undefined;
  const label =
    text("invoice_number") ??
    (text("name") && text("email") ? personLabel(text("name")!, text("email")!) : null) ??
    text("name") ??
    text("client_name") ??
    text("plan_name") ??
    text("subject") ??
    text("email");
  return label ? { label, currency } : null;
}

/** The labels of the records the given entries name (entries without an id are left out). */
export async function auditRecordLabels(entries: AuditLogContract[]): Promise<AuditRecordLabels> {
  const idsByType = new Map<string, Set<string>>();
  for (const entry of entries) {
    if (!entry.entity_id) continue;
    const type = entry.entity_type;
    if (!idsByType.has(type)) idsByType.set(type, new Set());
    idsByType.get(type)!.add(entry.entity_id);
  }
  const ids = (type: string) => idsByType.get(type) ?? new Set<string>();
  const labels: AuditRecordLabels = {};
  const put = (type: string, id: string | number, label: AuditRecordLabel) => {
    labels[auditRecordKey(type, String(id))] = label;
  };

  const userIds = [...new Set([...ids("user"), ...ids("profile")])].filter((id) => id.length <= 80);
  const catalogIds = intIds(new Set([...ids("product"), ...ids("service")]));
  const messageIds = intIds(ids("contact_message"));
  const noteIds = intIds(ids("contact_note"));

  await Promise.all([
    userIds.length &&
      db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true, email: true } }).then((rows) => {
        for (const row of rows) {
          const label = { label: personLabel(row.name, row.email) };
          if (ids("user").has(row.id)) put("user", row.id, label);
          if (ids("profile").has(row.id)) put("profile", row.id, label);
        }
      }),
    catalogIds.length &&
      db.catalogItem.findMany({ where: { id: { in: catalogIds } }, select: { id: true, kind: true, name: true, currency: true } }).then((rows) => {
        for (const row of rows) put(row.kind, row.id, { label: row.name, currency: row.currency });
      }),
    (messageIds.length || noteIds.length) &&
      db.contactEntry
        .findMany({ where: { id: { in: noteIds } }, select: { id: true, messageId: true } })
        .then(async (notes) => {
          const wanted = [...new Set([...messageIds, ...notes.map((note) => note.messageId)])];
          const messages = wanted.length ? await db.contactMessage.findMany({ where: { id: { in: wanted } }, select: { id: true, name: true, email: true } }) : [];
          const byId = new Map(messages.map((message) => [message.id, personLabel(message.name, message.email)]));
          for (const id of messageIds) if (byId.has(id)) put("contact_message", id, { label: byId.get(id)! });
          for (const note of notes) if (byId.has(note.messageId)) put("contact_note", note.id, { label: `mensaje de ${byId.get(note.messageId)!}` });
        }),
    intIds(ids("reply_template")).length &&
      db.replyTemplate.findMany({ where: { id: { in: intIds(ids("reply_template")) } }, select: { id: true, name: true } }).then((rows) => {
        for (const row of rows) put("reply_template", row.id, { label: row.name });
      }),
    intIds(ids("testimonial")).length &&
      db.testimonial.findMany({ where: { id: { in: intIds(ids("testimonial")) } }, select: { id: true, clientName: true, clientCompany: true } }).then((rows) => {
        for (const row of rows) put("testimonial", row.id, { label: row.clientCompany ? `${row.clientName}, ${row.clientCompany}` : row.clientName });
      }),
    intIds(ids("subscription")).length &&
      db.subscription
        .findMany({ where: { id: { in: intIds(ids("subscription")) } }, select: { id: true, planName: true, currency: true, user: { select: { name: true } } } })
        .then((rows) => {
          for (const row of rows) put("subscription", row.id, { label: `${row.planName} · ${row.user.name}`, currency: row.currency });
        }),
    intIds(ids("invoice")).length &&
      db.invoice.findMany({ where: { id: { in: intIds(ids("invoice")) } }, select: { id: true, invoiceNumber: true, currency: true } }).then((rows) => {
        for (const row of rows) put("invoice", row.id, { label: row.invoiceNumber, currency: row.currency });
      }),
    intIds(ids("payment")).length &&
      db.payment
        .findMany({ where: { id: { in: intIds(ids("payment")) } }, select: { id: true, amount: true, currency: true, invoice: { select: { invoiceNumber: true } } } })
        .then((rows) => {
          for (const row of rows) {
            const amount = formatMoney(row.amount.toString(), row.currency);
            put("payment", row.id, { label: row.invoice ? `${amount} · ${row.invoice.invoiceNumber}` : amount, currency: row.currency });
          }
        }),
    intIds(ids("ticket")).length &&
      db.ticket.findMany({ where: { id: { in: intIds(ids("ticket")) } }, select: { id: true, subject: true } }).then((rows) => {
        for (const row of rows) put("ticket", row.id, { label: `#${row.id} · ${row.subject}` });
      }),
    intIds(ids("sitemap")).length &&
      db.sitemapSnapshot.findMany({ where: { id: { in: intIds(ids("sitemap")) } }, select: { id: true, createdAt: true } }).then((rows) => {
        for (const row of rows) put("sitemap", row.id, { label: `generado el ${formatShortDay(row.createdAt, { timeZone: "lima" })}` });
      }),
  ]);

  // Records deleted since: what their entry recorded.
  for (const entry of entries) {
    if (!entry.entity_id) continue;
    const key = auditRecordKey(entry.entity_type, entry.entity_id);
    if (labels[key]) continue;
    const fallback = labelFromDetails(entry);
    if (fallback) labels[key] = fallback;
  }
  return labels;
}

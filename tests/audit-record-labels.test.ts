// "Registro de actividad" names each record the way a person knows it (an invoice by its number,
// a profile by its owner's name and e-mail, a product by its name), never by an internal id; a
// record deleted since keeps the name its entry recorded. Amounts in a diff read as money.
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminActor } from "@/lib/auth/actor";
import { auditAuthorLabel, auditEntityHref, auditEntryCurrency, auditRecordKey, auditValueText } from "@/lib/audit/labels";
import { recordAudit, SYSTEM_ACTOR } from "@/lib/audit/service";
import { listAuditLogs, listEntityHistory } from "@/lib/audit/queries";
import { auditRecordLabels } from "@/lib/audit/record-labels";
import { addContactNote } from "@/lib/contact/inbox";
import { db } from "@/lib/db";
import { createTestUser, uniqueTag, type TestUser } from "./helpers/auth";
import { createTestInvoice } from "./helpers/billing";
import { createMessage } from "./helpers/contact-inbox";

let admin: TestUser;
let client: TestUser;

beforeAll(async () => {
  admin = await createTestUser({ role: "admin" });
  client = await createTestUser({ role: "client" });
});

async function entry(entityType: string, entityId: string, details: Record<string, unknown> = { before: null, after: null }) {
  await db.auditLog.create({ data: { actorId: admin.id, action: `${entityType}.update`, entityType, entityId, details: details as object } });
}

describe("record labels of the activity log", () => {
  it("name invoices by number, people by name and e-mail, catalogue items by name; deleted records by what their entry kept", async () => {
    const tag = uniqueTag();
    const invoice = await createTestInvoice(db, { userId: client.id, currency: "PEN" });
    const product = await db.catalogItem.create({ data: { kind: "product", name: `ERP Andino ${tag}`, slug: `erp-andino-${tag}`, description: "ERP", currency: "EUR" } });
    const gone = `deleted-${tag}`;

    await entry("invoice", String(invoice.id));
    await entry("profile", client.id);
    await entry("user", client.id);
    await entry("product", String(product.id), { before: { price_from: 199.9 }, after: { price_from: 249 } });
    await entry("user", gone, { before: { name: "Ana Borrada", email: `ana-${tag}@example.com` }, after: null });
    await entry("ticket", "2000000000");
    await entry("site_settings", "1");

    const page = await listAuditLogs({ userId: admin.id }, { page: 1, perPage: 20 });
    expect(page.data).toHaveLength(7);
    const labels = await auditRecordLabels(page.data);

    expect(labels[auditRecordKey("invoice", String(invoice.id))]).toEqual({ label: invoice.invoiceNumber, currency: "PEN" });
    expect(labels[auditRecordKey("profile", client.id)]).toEqual({ label: `${client.name} (${client.email})` });
    expect(labels[auditRecordKey("user", client.id)]).toEqual({ label: `${client.name} (${client.email})` });
    expect(labels[auditRecordKey("product", String(product.id))]).toEqual({ label: product.name, currency: "EUR" });
    expect(labels[auditRecordKey("user", gone)]).toEqual({ label: `Ana Borrada (ana-${tag}@example.com)` });
    // Nothing known about it: the screen falls back to the kind and id.
    expect(labels[auditRecordKey("ticket", "2000000000")]).toBeUndefined();

    // The product's price change reads as money in the product's currency.
    const priceEntry = page.data.find((row) => row.entity_type === "product")!;
    const currency = auditEntryCurrency(priceEntry, labels[auditRecordKey("product", String(product.id))]?.currency);
    expect(auditValueText(priceEntry.before!.price_from, "price_from", currency)).toBe("€ 199.90");
    expect(auditValueText(priceEntry.after!.price_from, "price_from", currency)).toBe("€ 249.00");
  });

  it("name a contact message's internal note (an entry of its thread) by its sender, and link it to the conversation", async () => {
    const tag = uniqueTag();
    const writer = await createTestUser({ role: "admin" });
    const actor: AdminActor = { ...writer, role: "admin", ipAddress: "203.0.113.60", sessionId: null };
    const message = await createMessage(tag, { name: `Rosa Huamán ${tag}`, email: `rosa.${tag}@example.pe` });
    const note = await addContactNote(actor, message.id, { body: `Llamar el lunes ${tag}` });

    const page = await listAuditLogs({ userId: writer.id }, { page: 1, perPage: 20 });
    expect(page.data.map((row) => [row.action, row.entity_type, row.entity_id])).toEqual([["contact_note.create", "contact_note", String(note.id)]]);
    const labels = await auditRecordLabels(page.data);
    expect(labels[auditRecordKey("contact_note", String(note.id))]).toEqual({ label: `mensaje de Rosa Huamán ${tag} (rosa.${tag}@example.pe)` });
    expect(auditEntityHref("contact_note", String(note.id), page.data[0].after as { message_id?: unknown })).toBe(`/admin/contact-messages?id=${message.id}`);
  });

  it("read a full page with one query per kind of record, however many rows", async () => {
    const other = await createTestUser({ role: "admin" });
    const items = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        db.catalogItem.create({ data: { kind: "service", name: `Servicio ${index} ${uniqueTag()}`, slug: `servicio-${index}-${uniqueTag()}`, description: "S" } }),
      ),
    );
    for (const item of items) await db.auditLog.create({ data: { actorId: other.id, action: "service.update", entityType: "service", entityId: String(item.id) } });
    const page = await listAuditLogs({ userId: other.id }, { page: 1, perPage: 50 });

    let queries = 0;
    const original = db.catalogItem.findMany.bind(db.catalogItem);
    (db.catalogItem as { findMany: unknown }).findMany = (...args: Parameters<typeof original>) => {
      queries += 1;
      return original(...args);
    };
    try {
      const labels = await auditRecordLabels(page.data);
      for (const item of items) expect(labels[auditRecordKey("service", String(item.id))]?.label).toBe(item.name);
    } finally {
      (db.catalogItem as { findMany: unknown }).findMany = original;
    }
    expect(queries).toBe(1);
  });
});

describe("values of a change", () => {
  it("write money as money, dates as dates, and the rest as stored", () => {
    expect(auditValueText("199.9", "amount", "USD")).toBe("US$ 199.90");
    expect(auditValueText(249, "price_from", null)).toBe("249.00");
    expect(auditValueText(249, "rating")).toBe("249");
    expect(auditValueText("2026-09-27", "due_date")).toBe("27 sept 2026");
    expect(auditValueText("2026-03-05T15:07:00.000Z", "read_at")).toBe("5 mar 2026, 10:07");
    expect(auditValueText("texto", "name")).toBe("texto");
    expect(auditEntryCurrency({ before: { currency: "USD" }, after: { currency: "PEN" } }, "EUR")).toBe("PEN");
    expect(auditEntryCurrency({ before: null, after: { amount: "1" } }, "EUR")).toBe("EUR");
  });
});

describe("who an entry names", () => {
  it("the billing run and other scheduled work as the system, a user deleted since as a deleted user", async () => {
    const tag = uniqueTag();
    await recordAudit(db, SYSTEM_ACTOR, { action: "invoice.reminder", entityType: "invoice", entityId: `sys-${tag}` });
    const [system] = await listEntityHistory("invoice", `sys-${tag}`);
    expect(auditAuthorLabel(system)).toBe("Sistema");
    expect(auditAuthorLabel({ user: null, ip_address: "190.234.18.77" })).toBe("Usuario eliminado");
    expect(auditAuthorLabel({ user: { name: "Ana Torres" }, ip_address: "190.234.18.77" })).toBe("Ana Torres");
  });
});

// Search (?q=: accent- and case-insensitive over name, e-mail, company, subject and message,
// served by the trigram index) and the CSV export (UTF-8 BOM, Spanish header, formula
// injection neutralised, RFC 4180 quoting).
import { describe, expect, it } from "vitest";
import { csvCell } from "@/lib/csv";
import { db } from "@/lib/db";
import { uniqueTag } from "./helpers/auth";
import { adminCall, createAdmin, createMessage, routes } from "./helpers/contact-inbox";

const { listRoute, exportRoute } = routes;

async function search(q: string, extra = "") {
  const admin = await createAdmin();
  const { status, body } = await adminCall(admin, listRoute.GET, `/api/v1/admin/contact-messages?q=${encodeURIComponent(q)}${extra}`);
  expect(status).toBe(200);
  return (body.data as { data: { id: number }[] }).data.map((m) => m.id).sort((a, b) => a - b);
}

/** A small RFC 4180 parser (quoted cells, doubled quotes, CRLF inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i += 1;
    } else cell += char;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

describe("search", () => {
  it("ignores accents and letter case, in every field", async () => {
    const tag = uniqueTag();
    const bySubject = await createMessage(tag, { subject: `Solicitud de Información ${tag}` });
    const byMessage = await createMessage(tag, { subject: null, message: `Quisiera más INFORMACIÓN sobre el ERP ${tag}` });
    const byName = await createMessage(tag, { name: `José Ñúñez ${tag}` });
    const byCompany = await createMessage(tag, { company: `Café Perú ${tag}` });
    const byEmail = await createMessage(tag, { email: `gerencia.${tag}@acme.pe` });

    expect(await search(`informacion ${tag}`)).toEqual([bySubject.id, byMessage.id]);
    expect(await search(`INFORMACIÓN ${tag}`)).toEqual([bySubject.id, byMessage.id]);
    expect(await search(`jose nunez ${tag}`)).toEqual([byName.id]);
    expect(await search(`CAFE PERU ${tag}`)).toEqual([byCompany.id]);
    expect(await search(`gerencia.${tag}@ACME`)).toEqual([byEmail.id]);
    expect(await search(`${tag} inexistente`)).toEqual([]);
  });

  it("treats % and _ literally, and combines with the status filter", async () => {
    const tag = uniqueTag();
    const percent = await createMessage(tag, { message: `Descuento del 50% ${tag}`, status: "read" });
    await createMessage(tag, { message: `Descuento del 50 por ciento ${tag}` });
    expect(await search(`50% ${tag}`)).toEqual([percent.id]);
    expect(await search(`${tag} _`)).toEqual([]);
    expect(await search(tag, "&status=read")).toEqual([percent.id]);
    expect(await search(tag, "&status=new")).toHaveLength(1);
  });

  // The test database is small, so the planner would rightly scan it: the plan is taken inside a
  // transaction holding 5,000 more messages (rolled back, statistics included). At 100,000 rows
  // `npm run bench:inbox` prints the same plan.
  it("is served by the trigram index on search_text (EXPLAIN)", async () => {
    const rollback = new Error("rollback");
    let plan = "";
    await db
      .$transaction(async (tx) => {
        await tx.$executeRawUnsafe(
          `INSERT INTO contact_messages (name, email, message, updated_at)
           SELECT 'Persona ' || g, 'p' || g || '@example.pe', 'Texto de relleno número ' || g || ' sobre otra cosa', now()
           FROM generate_series(1, 5000) g`,
        );
        await tx.$executeRawUnsafe("ANALYZE contact_messages");
        const rows = await tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
          `EXPLAIN SELECT id FROM contact_messages m WHERE m.deleted_at IS NULL AND m.search_text LIKE ('%' || lower(immutable_unaccent('Información')) || '%')`,
        );
        plan = rows.map((line) => line["QUERY PLAN"]).join("\n");
        throw rollback;
      }, { timeout: 60_000 })
      .catch((error) => {
        if (error !== rollback) throw error;
      });
    expect(plan).toContain("contact_messages_search_trgm_idx");
    expect(plan).toContain("'%informacion%'");
  });
});

describe("totals", () => {
  it("contact_message_counts always equals the messages not deleted, per status (one snapshot)", async () => {
    const tag = uniqueTag();
    const a = await createMessage(tag);
    const b = await createMessage(tag, { status: "read" });
    await db.contactMessage.update({ where: { id: a.id }, data: { status: "archived" } });
    await db.contactMessage.update({ where: { id: b.id }, data: { deletedAt: new Date() } });
    await db.contactMessage.updateMany({ where: { id: b.id }, data: { deletedAt: null, status: "closed" } });
    await db.contactMessage.delete({ where: { id: a.id } });
    const rows = await db.$queryRawUnsafe<{ status: string; counted: number; kept: number }[]>(
      `SELECT s.status::text AS status,
              (SELECT count(*)::int FROM contact_messages m WHERE m.status = s.status AND m.deleted_at IS NULL) AS counted,
              coalesce((SELECT total FROM contact_message_counts c WHERE c.status = s.status), 0) AS kept
       FROM unnest(enum_range(NULL::contact_status)) AS s(status)`,
    );
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row.kept, row.status).toBe(row.counted);
  });
});

describe("GET /api/v1/admin/contact-messages/export", () => {
  it("answers CSV with BOM and a Spanish header, the filter and search applied, formulas neutralised", async () => {
    const tag = uniqueTag();
    const sector = await db.sector.findFirstOrThrow();
    const hostile = await createMessage(tag, {
      name: `=HYPERLINK("http://evil.example","clic") ${tag}`,
      company: "+51 Empresa",
      subject: `@SUM(1+1) ${tag}`,
      message: `-2+3\nsegunda línea, con "comillas" ${tag}`,
      phone: "+51 944 318 275",
      sectorId: sector.id,
      status: "read",
    });
    await createMessage(tag, { status: "archived" });
    const admin = await createAdmin();
    const request = new Request(`http://localhost/api/v1/admin/contact-messages/export?status=read&q=${tag}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const response = await exportRoute.GET(request, { params: Promise.resolve({}) });
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the UTF-8 BOM
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="mensajes-de-contacto-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual([
      "ID", "Fecha", "Estado", "Nombre", "Correo electrónico", "Teléfono", "Empresa", "Sector", "Asunto", "Mensaje",
      "Respuesta", "Fecha de respuesta", "Envío de la respuesta", "Leído el", "Dirección IP", "Navegador",
    ]);
    expect(rows).toHaveLength(2);
    const [id, , status, name, email, phone, company, sectorName, subject, message] = rows[1];
    expect(id).toBe(String(hostile.id));
    expect(status).toBe("Leído");
    expect(name).toBe(`'=HYPERLINK("http://evil.example","clic") ${tag}`);
    expect(email).toBe(hostile.email);
    expect(phone).toBe("'+51 944 318 275");
    expect(company).toBe("'+51 Empresa");
    expect(sectorName).toBe(sector.name);
    expect(subject).toBe(`'@SUM(1+1) ${tag}`);
    expect(message).toBe(`'-2+3\nsegunda línea, con "comillas" ${tag}`);
  });

  it("exports every row across batches, newest first, and refuses bad filters with 422", async () => {
    const tag = uniqueTag();
    const base = Date.now() - 3_600_000;
    const created = [];
    for (let i = 0; i < 7; i += 1) created.push(await createMessage(tag, { createdAt: new Date(base + i * 1000) }));
    const admin = await createAdmin();
    // Batches of 1000 in production; the generator's keyset paging is exercised with small ones.
    const { exportContactMessages } = await import("@/lib/contact/admin-queries");
    const ids: number[] = [];
    for await (const batch of exportContactMessages({ q: tag, assigned: undefined }, 3)) ids.push(...batch.map((m) => m.id));
    expect(ids).toEqual(created.map((m) => m.id).reverse());
    expect((await adminCall(admin, exportRoute.GET, "/api/v1/admin/contact-messages/export?status=nope")).status).toBe(422);
  });

  it("neutralises a leading tab or carriage return too", () => {
    expect(csvCell("\tcmd")).toBe(`"'\tcmd"`);
    expect(csvCell("\rcmd")).toBe(`"'\rcmd"`);
    expect(csvCell("normal")).toBe(`"normal"`);
    expect(csvCell(null)).toBe(`""`);
  });
});

// Reply templates (like FreeScout's "saved replies"): the admin API's CRUD, audited.
import { describe, expect, it } from "vitest";
import * as templateRoute from "@/app/api/v1/admin/reply-templates/[id]/route";
import * as templatesRoute from "@/app/api/v1/admin/reply-templates/route";
import { db } from "@/lib/db";
import { uniqueTag } from "./helpers/auth";
import { adminCall, auditOf, createAdmin } from "./helpers/contact-inbox";

type Id = { id: string };

describe("/api/v1/admin/reply-templates", () => {
  it("creates, lists, updates and deletes a template, each write audited", async () => {
    const admin = await createAdmin();
    const name = `Cotización enviada ${uniqueTag()}`;
    const created = await adminCall(admin, templatesRoute.POST, "/api/v1/admin/reply-templates", {
      body: { name: `  ${name} `, body: "Hola:\r\nLe enviamos la cotización.\n" },
    });
    expect(created.status).toBe(201);
    const template = created.body.data as { id: number; name: string; body: string };
    expect(template).toMatchObject({ name, body: "Hola:\nLe enviamos la cotización." });

    const listed = await adminCall(admin, templatesRoute.GET, "/api/v1/admin/reply-templates");
    expect((listed.body.data as { id: number }[]).some((t) => t.id === template.id)).toBe(true);

    const params = { params: { id: String(template.id) } };
    const updated = await adminCall<Id>(admin, templateRoute.PUT, `/api/v1/admin/reply-templates/${template.id}`, {
      method: "PUT",
      body: { name, body: "Texto nuevo" },
      ...params,
    });
    expect(updated.status).toBe(200);
    expect((await db.replyTemplate.findUniqueOrThrow({ where: { id: template.id } })).body).toBe("Texto nuevo");

    const deleted = await adminCall<Id>(admin, templateRoute.DELETE, `/api/v1/admin/reply-templates/${template.id}`, { method: "DELETE", ...params });
    expect(deleted.status).toBe(204);
    expect(await db.replyTemplate.findUnique({ where: { id: template.id } })).toBeNull();
    expect((await auditOf("reply_template", template.id)).map((e) => e.action)).toEqual([
      "reply_template.create",
      "reply_template.update",
      "reply_template.delete",
    ]);
  });

  it("409 for a duplicate name, 422 for bad fields, 404 for a missing template", async () => {
    const admin = await createAdmin();
    const name = `Duplicada ${uniqueTag()}`;
    expect((await adminCall(admin, templatesRoute.POST, "/x", { body: { name, body: "a" } })).status).toBe(201);
    const duplicate = await adminCall(admin, templatesRoute.POST, "/x", { body: { name, body: "b" } });
    expect(duplicate).toMatchObject({ status: 409, body: { message: "Ya existe una plantilla con ese nombre." } });
    for (const body of [{}, { name: "", body: "x" }, { name: "x", body: "  " }, { name: "a\nb", body: "x" }, { name: "x".repeat(121), body: "x" }]) {
      expect((await adminCall(admin, templatesRoute.POST, "/x", { body })).status, JSON.stringify(body).slice(0, 50)).toBe(422);
    }
    for (const id of ["2000000005", "abc"]) {
      const params = { params: { id } };
      expect((await adminCall<Id>(admin, templateRoute.PUT, "/x", { method: "PUT", body: { name: "n", body: "b" }, ...params })).status).toBe(404);
      expect((await adminCall<Id>(admin, templateRoute.DELETE, "/x", { method: "DELETE", ...params })).status).toBe(404);
    }
  });
});

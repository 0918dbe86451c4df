// Sheets of the Libro de Reclamaciones for tests, written straight to the database (the public
// form is not needed to have one): a valid sheet with a unique number and submission key, any
// field overridable. Numbers use a random block of sequences per test file, so files sharing the
// run's database never collide.
import { randomBytes, randomInt } from "node:crypto";
import { complaintNumber } from "@/lib/complaints/labels";
import { businessDate, dateColumn } from "@/lib/dates";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { addBusinessDays } from "@/lib/legal/business-days";

let nextSequence = randomInt(100_000, 900_000);

export type ComplaintOverrides = Partial<Omit<Prisma.ComplaintUncheckedCreateInput, "year" | "sequence" | "number">> & {
  /** The due date as a Lima day ("YYYY-MM-DD"); default 15 business days after the submission's day. */
  due?: string;
};

/** A sheet as the public form would have stored it (a reclamo about a service, not answered). */
export async function createComplaint(overrides: ComplaintOverrides = {}) {
  const { due, ...fields } = overrides;
  const submittedAt = fields.submittedAt ? new Date(fields.submittedAt) : new Date();
  const year = Number(businessDate(submittedAt).slice(0, 4));
  const sequence = nextSequence++;
  const tag = randomBytes(4).toString("hex");
  return db.complaint.create({
    data: {
      year,
      sequence,
      number: complaintNumber(year, sequence),
      submissionKey: `test-${tag}-${sequence}`,
      consumerName: `Consumidora ${tag}`,
      documentType: "dni",
      documentNumber: String(randomInt(10_000_000, 99_999_999)),
      address: "Av. Arequipa 123, Lima",
      phone: "987654321",
      email: `consumidora.${tag}@example.pe`,
      goodType: "service",
      goodDescription: "Soporte técnico mensual",
      amountClaimed: "150.00",
      currency: "PEN",
      kind: "reclamo",
      detail: "El servicio no se prestó en la fecha acordada.",
      consumerRequest: "Devolución del importe pagado.",
      privacyVersion: "2026-11",
      privacyAcceptedAt: submittedAt,
      ...fields,
      submittedAt,
      dueDate: dateColumn(due ?? addBusinessDays(businessDate(submittedAt), 15)),
    },
  });
}

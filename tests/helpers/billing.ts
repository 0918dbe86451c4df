// The one fixture for invoices in tests: a row as the billing service would leave it (series and
// number, subtotal, 18 % IGV and total computed by lib/billing/money.ts, issuer and customer
// copied, its lines), with its payments and the amount paid and status they give. Tests that
// need an invoice create it here instead of writing the columns themselves.
import { randomInt } from "node:crypto";
import { formatInvoiceNumber } from "@/lib/billing/labels";
import { addMoney, balanceDue, compareMoney, invoiceTotals } from "@/lib/billing/money";
import type { db } from "@/lib/db";
import type { Currency, PaymentMethod, PaymentStatus, Prisma } from "@/lib/generated/prisma/client";

/** The main client or a transaction's. */
export type BillingFixtureClient = Prisma.TransactionClient | typeof db;

/**
 * Fixture invoices have a series of their own ("T" and three random characters per test file)
 * and numbers from a random start, so they never take an F001/B001 number the billing service
 * hands out in other files running at the same time, nor collide with another file's fixtures.
 */
const FIXTURE_SERIES = `T${randomInt(36 ** 3).toString(36).toUpperCase().padStart(3, "0")}`;
let lastSequence = randomInt(1, 90_000_000);

export type TestPayment = {
  /** Decimal string; omitted, the payment settles what is still owed. */
  amount?: string;
  paidAt?: Date;
  status?: PaymentStatus;
  method?: PaymentMethod;
  reference?: string;
};

export type TestInvoiceOptions = {
  userId: string;
  currency?: Currency;
  /** Unit prices without IGV, as the invoice form takes them; default one line of 100.00. */
  lines?: { description?: string; quantity?: string; unitPrice: string }[];
  /** "YYYY-MM-DD" or a Date (its UTC day); default today. */
  issuedAt?: Date | string;
  dueDate?: Date | string;
  /**
   * "paid" without `payments` records one completed payment of the total (at `paidAt`, default
   * the issue date); "cancelled" marks it Anulada. Otherwise the payments decide: paid when the
   * completed ones cover the total, pending when not.
   */
  status?: "pending" | "paid" | "cancelled";
  paidAt?: Date;
  payments?: TestPayment[];
  description?: string;
  subscriptionId?: number | null;
};

const day = (value: Date | string) => (typeof value === "string" ? new Date(`${value}T00:00:00.000Z`) : new Date(`${value.toISOString().slice(0, 10)}T00:00:00.000Z`));

/** Creates a valid invoice (one line unless given more) with its payments; returns it with both. */
export async function createTestInvoice(client: BillingFixtureClient, options: TestInvoiceOptions) {
  const user = await client.user.findUniqueOrThrow({ where: { id: options.userId }, select: { id: true, name: true, email: true, billingName: true, taxId: true } });
  const currency = options.currency ?? "PEN";
  const lines = (options.lines ?? [{ unitPrice: "100.00" }]).map((line, index) => ({
    description: line.description ?? `Servicio de prueba ${index + 1}`,
    quantity: line.quantity ?? "1",
    unitPrice: line.unitPrice,
  }));
  const totals = invoiceTotals(lines.map((line) => ({ quantity: line.quantity, unit_price: line.unitPrice })));
  const issuedAt = day(options.issuedAt ?? new Date());

  const wanted = options.payments ?? (options.status === "paid" ? [{ paidAt: options.paidAt }] : []);
  let amountPaid = "0.00";
  const payments = wanted.map((payment) => {
    const status = payment.status ?? "completed";
    const amount = payment.amount ?? balanceDue(totals.total, amountPaid);
    if (status === "completed") amountPaid = addMoney(amountPaid, amount);
    return {
      userId: user.id,
      amount,
      currency,
      method: payment.method ?? ("transferencia" as const),
      reference: payment.reference ?? null,
      status,
      // Default: noon in Lima of the issue day.
      paidAt: payment.paidAt ?? options.paidAt ?? new Date(issuedAt.getTime() + 17 * 3_600_000),
    };
  });
  if (compareMoney(amountPaid, totals.total) > 0) throw new Error("createTestInvoice: los pagos superan el total de la factura.");
  const covered = compareMoney(amountPaid, totals.total) === 0;
  if (options.status === "cancelled" && compareMoney(amountPaid, 0) > 0) throw new Error("createTestInvoice: una factura con pagos no se anula.");
  if (options.status === "paid" && !covered) throw new Error("createTestInvoice: una factura pagada necesita pagos que cubran su total.");
  const status = options.status === "cancelled" ? "cancelled" : covered ? "paid" : "pending";
  const lastPaid = payments.filter((payment) => payment.status === "completed").at(-1)?.paidAt ?? null;

  lastSequence += 1;
  return client.invoice.create({
    data: {
      invoiceNumber: formatInvoiceNumber(FIXTURE_SERIES, lastSequence),
      series: FIXTURE_SERIES,
      sequence: lastSequence,
      userId: user.id,
      subscriptionId: options.subscriptionId ?? null,
      description: options.description ?? lines[0].description,
      subtotal: totals.subtotal,
      taxAmount: totals.tax_amount,
      amount: totals.total,
      amountPaid,
      currency,
      status,
      issuerName: "Lumen Consultoría TI S.A.C.",
      issuerTaxId: "20601234565",
      issuerAddress: "Av. José Larco 1232, oficina 802, Miraflores, Lima",
      customerName: user.billingName ?? user.name,
      customerTaxId: user.taxId,
      customerEmail: user.email,
      issuedAt,
      dueDate: day(options.dueDate ?? new Date(issuedAt.getTime() + 15 * 86_400_000)),
      paidAt: status === "paid" ? lastPaid : null,
      cancelledAt: status === "cancelled" ? new Date() : null,
      lines: {
        create: lines.map((line, index) => ({
          position: index + 1,
          description: line.description,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          lineTotal: totals.line_totals[index],
        })),
      },
      payments: { create: payments },
    },
    include: { lines: { orderBy: { position: "asc" } }, payments: { orderBy: { id: "asc" } } },
  });
}

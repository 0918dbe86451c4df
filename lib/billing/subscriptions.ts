import "server-only";
import type { Actor, AdminActor } from "@/lib/auth/actor";
import { invalid, notFound, conflict, parseWith } from "@/lib/errors";
import { parseRecordId } from "@/lib/ids";
import { recordAudit } from "@/lib/audit/service";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { emailAdmins } from "@/lib/notifications/email";
import { notifyAdmins, notifyUser } from "@/lib/notifications/service";
import { businessDate, dateColumn, formatCalendarDate } from "@/lib/dates";
import { assertCatalogItem, lockRow, requireClientUser, type Tx } from "./guards";
import { BILLING_MESSAGES, subscriptionCancelSchema, subscriptionCreateSchema, subscriptionUpdateSchema } from "./schema";
import { serializeSubscription, subscriptionSelect, type SubscriptionContract } from "./serialize";

// Creating and changing subscriptions, and the client's request to cancel one: the admin
// screens' and the client portal's server actions and the REST handlers all call these. Each
// validates with the shared schema, locks the row it changes, and writes with its audit entry
// (and the bell notification it causes) in one transaction; e-mails go after the commit. The
// billing run's own writes (invoicing a period, ending a plan) are in run.ts.

export const parseSubscriptionId = (raw: unknown) => parseRecordId(raw, BILLING_MESSAGES.subscriptionNotFound);

async function readSubscription(client: Tx | typeof db, id: number): Promise<SubscriptionContract> {
  const row = await client.subscription.findUnique({ where: { id }, select: subscriptionSelect });
  if (!row) throw notFound(BILLING_MESSAGES.subscriptionNotFound);
  return serializeSubscription(row);
}

function auditableSubscription(row: SubscriptionContract): Record<string, unknown> {
  return {
    user_id: row.user.id,
    catalog_item_id: row.catalog_item?.id ?? null,
    plan_name: row.plan_name,
    amount: row.amount,
    currency: row.currency,
    billing_period: row.billing_period,
    status: row.status,
    next_billing_date: row.next_billing_date,
    cancel_requested_at: row.cancel_requested_at,
    cancel_reason: row.cancel_reason,
  };
}

/** "Nueva suscripción" and POST /api/v1/admin/subscriptions. 422 on bad input, an unknown client or item. */
export async function createSubscription(actor: AdminActor, input: unknown): Promise<SubscriptionContract> {
  const data = parseWith(subscriptionCreateSchema, input, BILLING_MESSAGES.invalid);
  // A date in the past would have the next billing run invoice every period since then.
  if (data.next_billing_date < businessDate()) {
    throw invalid({ next_billing_date: [BILLING_MESSAGES.nextBillingPast] }, BILLING_MESSAGES.invalid);
  }
  return db.$transaction(async (tx) => {
    await requireClientUser(tx, data.user_id);
    await assertCatalogItem(tx, data.catalog_item_id);
    const row = await tx.subscription.create({
      data: {
        userId: data.user_id,
        catalogItemId: data.catalog_item_id,
        planName: data.plan_name,
        amount: data.amount,
        currency: data.currency,
        billingPeriod: data.billing_period,
        status: "active",
        nextBillingDate: dateColumn(data.next_billing_date),
      },
      select: { id: true },
    });
    const created = await readSubscription(tx, row.id);
    await recordAudit(tx, actor, { action: "subscription.create", entityType: "subscription", entityId: row.id, after: auditableSubscription(created) });
    await notifyUser(
      data.user_id,
      { type: "subscription_created", title: `Nueva suscripción: ${created.plan_name}`, link: `/client/subscriptions/${row.id}` },
      tx,
    );
    return created;
  });
}

/**
 * PUT /api/v1/admin/subscriptions/{id}: only the fields sent change. Cancelling or ending it
 * clears the next billing date; reactivating needs one (except a one-time plan).
 */
export async function updateSubscription(actor: AdminActor, id: unknown, input: unknown): Promise<SubscriptionContract> {
  const subscriptionId = parseSubscriptionId(id);
  const data = parseWith(subscriptionUpdateSchema, input, BILLING_MESSAGES.invalid);
  return db.$transaction(async (tx) => {
    if (!(await lockRow(tx, "subscriptions", subscriptionId))) throw notFound(BILLING_MESSAGES.subscriptionNotFound);
    const before = await readSubscription(tx, subscriptionId);
    await assertCatalogItem(tx, data.catalog_item_id);
    const changes: Prisma.SubscriptionUncheckedUpdateInput = {};
    if (data.plan_name !== undefined) changes.planName = data.plan_name;
    if (data.catalog_item_id !== undefined) changes.catalogItemId = data.catalog_item_id;
    if (data.amount !== undefined) changes.amount = data.amount;
    if (data.currency !== undefined) changes.currency = data.currency;
    if (data.billing_period !== undefined) changes.billingPeriod = data.billing_period;
    if (data.next_billing_date !== undefined) changes.nextBillingDate = data.next_billing_date ? dateColumn(data.next_billing_date) : null;
    const status = data.status ?? before.status;
    const period = data.billing_period ?? before.billing_period;
    const nextDate = data.next_billing_date !== undefined ? data.next_billing_date : before.next_billing_date;
    if (data.status !== undefined && data.status !== before.status) {
      changes.status = data.status;
      if (data.status === "cancelled" || data.status === "expired") {
        changes.cancelledAt = data.status === "cancelled" ? new Date() : null;
        changes.nextBillingDate = null;
      } else if (data.status === "active") {
        changes.cancelledAt = null;
        changes.cancelRequestedAt = null;
        changes.cancelReason = null;
      }
    }
    if (status === "active") {
      // The state it is left in must bill correctly: monthly and yearly plans need a date, and a
      // date set now (or kept while reactivating a paused plan) must not lie in the past, or the
      // next run would invoice every period since then.
      if (!nextDate && period !== "one_time") {
        throw invalid({ next_billing_date: [BILLING_MESSAGES.nextBillingRequired] }, BILLING_MESSAGES.invalid);
      }
      const dateChanged = data.next_billing_date !== undefined && data.next_billing_date !== before.next_billing_date;
      const reactivated = data.status === "active" && before.status !== "active";
      if (nextDate && (dateChanged || reactivated) && nextDate < businessDate()) {
        throw invalid({ next_billing_date: [BILLING_MESSAGES.nextBillingPast] }, BILLING_MESSAGES.invalid);
      }
    }
    await tx.subscription.update({ where: { id: subscriptionId }, data: changes });
    const after = await readSubscription(tx, subscriptionId);
    const beforeAudit = auditableSubscription(before);
    const afterAudit = auditableSubscription(after);
    if (JSON.stringify(beforeAudit) !== JSON.stringify(afterAudit)) {
      await recordAudit(tx, actor, { action: "subscription.update", entityType: "subscription", entityId: subscriptionId, before: beforeAudit, after: afterAudit });
    }
    return after;
  });
}

/**
 * The client's "Solicitar cancelación" and POST /api/v1/client/subscriptions/{id}/cancel: the
 * subscription stays active until its next billing date, when the billing run cancels it
 * instead of invoicing. Someone else's subscription is 404. 409 when not active or already asked.
 */
export async function requestSubscriptionCancellation(actor: Actor, id: unknown, input: unknown): Promise<SubscriptionContract> {
  const subscriptionId = parseSubscriptionId(id);
  const data = parseWith(subscriptionCancelSchema, input === undefined ? {} : input, BILLING_MESSAGES.invalid);
  const result = await db.$transaction(async (tx) => {
    if (!(await lockRow(tx, "subscriptions", subscriptionId))) throw notFound(BILLING_MESSAGES.subscriptionNotFound);
    const before = await readSubscription(tx, subscriptionId);
    if (before.user.id !== actor.id) throw notFound(BILLING_MESSAGES.subscriptionNotFound);
    if (before.status !== "active") throw conflict(BILLING_MESSAGES.subscriptionNotActive);
    if (before.cancel_requested_at) throw conflict(BILLING_MESSAGES.cancellationAlreadyRequested);
    await tx.subscription.update({ where: { id: subscriptionId }, data: { cancelRequestedAt: new Date(), cancelReason: data.reason ?? null } });
    const after = await readSubscription(tx, subscriptionId);
    await recordAudit(tx, actor, {
      action: "subscription.cancel_request",
      entityType: "subscription",
      entityId: subscriptionId,
      before: { cancel_requested_at: null },
      after: { cancel_requested_at: after.cancel_requested_at, cancel_reason: after.cancel_reason },
    });
    await notifyAdmins(
      {
        type: "subscription_cancel_request",
        title: `Solicitud de cancelación: ${after.plan_name}`,
        body: `${actor.name} pidió cancelar al final del periodo${after.cancel_reason ? `: «${after.cancel_reason}»` : "."}`,
        link: `/admin/subscriptions?q=${encodeURIComponent(actor.email)}`,
        data: { subscription_id: subscriptionId },
      },
      tx,
    );
    return after;
  });
  await emailAdmins({
    subject: `Solicitud de cancelación: ${result.plan_name}`,
    text: `${actor.name} (${actor.email}) pidió cancelar la suscripción «${result.plan_name}» al final del periodo (${formatCalendarDate(result.next_billing_date)}).${result.cancel_reason ? `\nMotivo: ${result.cancel_reason}` : ""}`,
    link: "/admin/subscriptions",
    kind: "subscription",
    related: { type: "subscription", id: result.id },
  });
  return result;
}

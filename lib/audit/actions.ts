"use server";

import { requireActor } from "@/lib/auth/actor";
import { actionArguments, runAction, type ActionResult } from "@/lib/actions/run";
import { listEntityHistory, type AuditLogContract } from "@/lib/audit/queries";
import { z } from "@/lib/zod";

const RECORD_MESSAGE = "Registro no válido.";
const entityTypeArgument = z.string({ error: RECORD_MESSAGE }).regex(/^[a-z][a-z_]{0,79}$/, RECORD_MESSAGE);
const entityIdArgument = z.string({ error: RECORD_MESSAGE }).min(1, RECORD_MESSAGE).max(80, RECORD_MESSAGE);

/** A record's own history for <AuditHistory> (components/admin/audit-history.tsx), as a server action. Admins only. */
export async function loadEntityHistoryAction(...args: [entityType: string, entityId: string]): Promise<ActionResult<AuditLogContract[]>> {
  return runAction(async () => {
    const [entityType, entityId] = actionArguments(args, [entityTypeArgument, entityIdArgument]);
    await requireActor("admin");
    return listEntityHistory(entityType, entityId);
  });
}

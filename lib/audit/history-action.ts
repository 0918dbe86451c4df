"use server";

import { requireAdminActor } from "@/lib/admin/actor";
import { actionArguments, runAdminAction, type ActionResult } from "@/lib/admin/action-result";
import { listEntityHistory, type AuditLogContract } from "@/lib/audit/queries";
import { z } from "@/lib/zod";

const RECORD_MESSAGE = "Registro no válido.";
const entityTypeArgument = z.string({ error: RECORD_MESSAGE }).regex(/^[a-z][a-z_]{0,79}$/, RECORD_MESSAGE);
const entityIdArgument = z.string({ error: RECORD_MESSAGE }).min(1, RECORD_MESSAGE).max(80, RECORD_MESSAGE);

/** A record's own history for <AuditHistory> (components/admin/audit-history.tsx), as a server action. Admins only. */
export async function loadEntityHistoryAction(...args: [entityType: string, entityId: string]): Promise<ActionResult<AuditLogContract[]>> {
  return runAdminAction(async () => {
    const [entityType, entityId] = actionArguments(args, [entityTypeArgument, entityIdArgument]);
    await requireAdminActor();
    return listEntityHistory(entityType, entityId);
  });
}

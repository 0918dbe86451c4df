"use server";

import { requireAdminActor } from "@/lib/admin/actor";
import { runAdminAction, type ActionResult } from "@/lib/admin/action-result";
import { validationFailed } from "@/lib/api/errors";
import { listEntityHistory, type AuditLogContract } from "@/lib/audit/queries";

/** A record's own history for <AuditHistory> (components/admin/audit-history.tsx), as a server action. Admins only. */
export async function loadEntityHistoryAction(entityType: string, entityId: string): Promise<ActionResult<AuditLogContract[]>> {
  return runAdminAction(async () => {
    await requireAdminActor();
    if (typeof entityType !== "string" || !/^[a-z][a-z_]{0,79}$/.test(entityType) || typeof entityId !== "string" || entityId.length < 1 || entityId.length > 80) {
      throw validationFailed({ entity: ["Registro no válido."] });
    }
    return listEntityHistory(entityType, entityId);
  });
}

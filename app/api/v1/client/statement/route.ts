import { buildStatement } from "@/lib/billing/statement";
import { clientStatementQuerySchema } from "@/lib/billing/statement-schema";
import { readQuery } from "@/lib/http/body";
import { authRoute } from "@/lib/http/auth-route";
import { statementResponse } from "../../_billing/statement-response";

/**
 * GET /api/v1/client/statement?from&to&format → the caller's own statement (Estado de cuenta):
 * `{ data: { user, from, to, generated_at, currencies } }`, or with `format=pdf` / `format=csv`
 * a download "estado-de-cuenta-<from>_<to>.pdf|csv". from/to: Lima days, default January 1st to
 * today; 422 for a day that is not real, from after to, or more than five years.
 */
export const GET = authRoute("user", async (request, _context, caller) => {
  const { format, ...range } = readQuery(request, clientStatementQuerySchema);
  return statementResponse(await buildStatement(caller.user.id, range), format);
});

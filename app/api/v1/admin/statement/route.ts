import { buildStatement } from "@/lib/billing/statement";
import { adminStatementQuerySchema } from "@/lib/billing/statement-schema";
import { readQuery } from "@/lib/http/body";
import { authRoute } from "@/lib/http/auth-route";
import { statementResponse } from "../../_billing/statement-response";

/**
 * GET /api/v1/admin/statement?user_id&from&to&format → a client's statement, as the client's own
 * route answers it (JSON, PDF or CSV). 422 without user_id or with a bad period, 404 for an
 * unknown user.
 */
export const GET = authRoute("admin", async (request) => {
  const { format, user_id: userId, ...range } = readQuery(request, adminStatementQuerySchema);
  return statementResponse(await buildStatement(userId, range), format);
});

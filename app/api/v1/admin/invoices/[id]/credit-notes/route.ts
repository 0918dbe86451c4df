import { actorFromCaller } from "@/lib/auth/actor";
import { issueCreditNote } from "@/lib/billing/credit-notes";
import { authRoute } from "@/lib/http/auth-route";
import { readJsonBody } from "@/lib/http/body";
import { dataResponse } from "@/lib/http/route";
import { z } from "@/lib/zod";

type Params = { id: string };

/**
 * POST /api/v1/admin/invoices/{id}/credit-notes { reason_code, description, amount? | lines? } →
 * 201 { data: credit note with its number and sunat block }; 404 unknown invoice, 409 not accepted
 * by SUNAT yet, cancelled or fully credited, 422 bad input or more than what is left.
 */
export const POST = authRoute<Params>("admin", async (request, context, caller) => {
  const { id } = await context.params;
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await issueCreditNote(actorFromCaller(request, caller, "admin"), id, body), { status: 201 });
});

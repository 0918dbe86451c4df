"use server";

import { headers } from "next/headers";
import { actionArguments, plainObjectArgument, runAction, type ActionResult } from "@/lib/actions/run";
import { clientIp } from "@/lib/client-address";
import type { ComplaintReceipt } from "@/lib/complaints/form";
import { decoyReceipt, submitComplaint } from "@/lib/complaints/service";

// The public Libro de Reclamaciones form's server action (the back office's are beside it, in
// admin.ts): the same service as POST /api/v1/complaints, answered as an ActionResult the form shows.

/**
 * "Enviar hoja de reclamación": the form's values (with the sheet's submission key, kept across
 * retries). The receipt of the sheet, the same one again for a repeated submission.
 */
export async function submitComplaintAction(...args: [values: unknown]): Promise<ActionResult<ComplaintReceipt>> {
  return runAction(async () => {
    const [values] = actionArguments(args, [plainObjectArgument]);
    const requestHeaders = await headers();
    const filed = await submitComplaint(values, { ipAddress: clientIp(requestHeaders), userAgent: requestHeaders.get("user-agent") });
    // A bot that filled in the honeypot sees a success; nothing was stored or sent.
    return filed ? filed.receipt : decoyReceipt(values);
  });
}

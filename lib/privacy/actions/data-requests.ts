"use server";

import { headers } from "next/headers";
import { requireActor } from "@/lib/auth/actor";
import { actionArguments, idArgument, plainObjectArgument, runAction, type ActionResult } from "@/lib/actions/run";
import { clientIp } from "@/lib/client-address";
import { invalid, parseWith } from "@/lib/errors";
import { DATA_REQUEST_MESSAGES } from "@/lib/privacy/data-request-labels";
import { findPendingDeletionRequest } from "@/lib/privacy/data-request-queries";
import { accountDeletionSchema, confirmsDeletion } from "@/lib/privacy/data-request-schema";
import {
  requestAccountDeletion,
  resolveDataRequest,
  submitDataRequest,
  type DataRequestReceipt,
  type DataRequestResolution,
} from "@/lib/privacy/data-requests";

// The server actions of requests about personal data: the public "Derechos ARCO" form's, the
// client's "Solicitar eliminación" and the admin's answer. Each checks the shape of its
// arguments, then calls the same service function as the REST handler.

/** The public form (no session): `{ kind, name, email, document_type, document_number, detail?, privacy_accepted, website }`. */
export async function submitDataRequestAction(...args: [values: unknown]): Promise<ActionResult<DataRequestReceipt>> {
  return runAction(async () => {
    const [values] = actionArguments(args, [plainObjectArgument]);
    const requestHeaders = await headers();
    return submitDataRequest(values, { ipAddress: clientIp(requestHeaders), userAgent: requestHeaders.get("user-agent") });
  });
}

/** The client's pending deletion request (id, due date), or null. */
export async function accountDeletionStatusAction(...args: []): Promise<ActionResult<Awaited<ReturnType<typeof findPendingDeletionRequest>>>> {
  return runAction(async () => {
    actionArguments(args, []);
    const actor = await requireActor();
    return findPendingDeletionRequest(actor.id);
  });
}

/** "Solicitar eliminación" `{ confirmation }`: the word ELIMINAR or the account's own e-mail, checked here again. */
export async function requestAccountDeletionAction(...args: [values: unknown]): Promise<ActionResult<DataRequestReceipt>> {
  return runAction(async () => {
    const [values] = actionArguments(args, [plainObjectArgument]);
    const { confirmation } = parseWith(accountDeletionSchema, values, DATA_REQUEST_MESSAGES.deletionConfirm);
    const actor = await requireActor();
    if (!confirmsDeletion(confirmation, actor.email)) {
      throw invalid({ confirmation: [DATA_REQUEST_MESSAGES.deletionConfirm] }, DATA_REQUEST_MESSAGES.deletionConfirm);
    }
    return requestAccountDeletion(actor);
  });
}

/** "Completar" / "Rechazar" `{ outcome, resolution }` (admins). */
export async function resolveDataRequestAction(...args: [id: number, values: unknown]): Promise<ActionResult<DataRequestResolution>> {
  return runAction(async () => {
    const [id, values] = actionArguments(args, [idArgument, plainObjectArgument]);
    return resolveDataRequest(await requireActor("admin"), id, values);
  });
}

"use server";

import { requireActor } from "@/lib/auth/actor";
import { actionArguments, plainObjectArgument, runAction, type ActionResult } from "@/lib/actions/run";
import { invalid } from "@/lib/errors";
import { singleLineText, z } from "@/lib/zod";
import { removePaymentQr, updateCollectionSettings, uploadPaymentQr } from "@/lib/billing/collection-settings";
import { COLLECTION_LIMITS, COLLECTION_MESSAGES, type CollectionSettingsContract } from "@/lib/billing/collection-settings-schema";

// "Configuración › Cobros" writes: the service functions of lib/billing/collection-settings.ts,
// after the shape of the arguments (actionArguments: anything else is a 422, never a 500).

const formDataArgument = z.custom<FormData>((value) => value instanceof FormData, { error: COLLECTION_MESSAGES.qrMissing });

export async function updateCollectionSettingsAction(...args: [values: unknown]): Promise<ActionResult<CollectionSettingsContract>> {
  return runAction(async () => {
    const [values] = actionArguments(args, [plainObjectArgument]);
    return updateCollectionSettings(await requireActor("admin"), values);
  });
}

/** The QR form: `image` (PNG, JPEG or WebP, ≤ 2 MB). */
export async function uploadPaymentQrAction(...args: [form: unknown]): Promise<ActionResult<CollectionSettingsContract>> {
  return runAction(async () => {
    const [form] = actionArguments(args, [formDataArgument]);
    const actor = await requireActor("admin");
    const file = form.get("image");
    if (!(file instanceof Blob) || file.size === 0) {
      const message = file instanceof Blob ? COLLECTION_MESSAGES.qrEmpty : COLLECTION_MESSAGES.qrMissing;
      throw invalid({ image: [message] }, message);
    }
    // Refused before reading it.
    if (file.size > COLLECTION_LIMITS.qrBytes) throw invalid({ image: [COLLECTION_MESSAGES.qrTooLarge] }, COLLECTION_MESSAGES.qrTooLarge);
    return uploadPaymentQr(actor, new Uint8Array(await file.arrayBuffer()));
  });
}

const qrUrlArgument = singleLineText({ error: COLLECTION_MESSAGES.qrChanged }).min(1, COLLECTION_MESSAGES.qrChanged).max(200, COLLECTION_MESSAGES.qrChanged);

/** Removes the QR image the screen showed (`qr_url`); another one uploaded meanwhile stays. */
export async function removePaymentQrAction(...args: [qrUrl: unknown]): Promise<ActionResult<CollectionSettingsContract>> {
  return runAction(async () => {
    const [qrUrl] = actionArguments(args, [qrUrlArgument]);
    return removePaymentQr(await requireActor("admin"), qrUrl);
  });
}

"use server";

import { requireActor } from "@/lib/auth/actor";
import { actionArguments, plainObjectArgument, runAction, type ActionResult } from "@/lib/actions/run";
import { invalid } from "@/lib/errors";
import { z } from "@/lib/zod";
import { CERTIFICATE_MAX_BYTES, CERTIFICATE_MESSAGES, type EinvoicingSettingsContract } from "./settings-schema";
import { removeCertificate, updateEinvoicingSettings, uploadCertificate } from "./settings";

// "Configuración › Facturación electrónica" writes: the service functions of lib/sunat/settings.ts,
// after the shape of the arguments (actionArguments: anything else is a 422, never a 500).

const formDataArgument = z.custom<FormData>((value) => value instanceof FormData, { error: "Envía el certificado como un formulario con su archivo y contraseña." });

export async function updateEinvoicingSettingsAction(...args: [values: unknown]): Promise<ActionResult<EinvoicingSettingsContract>> {
  return runAction(async () => {
    const [values] = actionArguments(args, [plainObjectArgument]);
    return updateEinvoicingSettings(await requireActor("admin"), values);
  });
}

/** The upload form: `file` (the .pfx or .p12) and `password`. */
export async function uploadCertificateAction(...args: [form: unknown]): Promise<ActionResult<EinvoicingSettingsContract>> {
  return runAction(async () => {
    const [form] = actionArguments(args, [formDataArgument]);
    const actor = await requireActor("admin");
    const file = form.get("file");
    const password = form.get("password") ?? "";
    if (!(file instanceof Blob) || file.size === 0) {
      const message = file instanceof Blob ? CERTIFICATE_MESSAGES.emptyFile : CERTIFICATE_MESSAGES.missingFile;
      throw invalid({ certificate: [message] }, message);
    }
    // Refused before reading it: a larger body is not a certificate.
    if (file.size > CERTIFICATE_MAX_BYTES) throw invalid({ certificate: [CERTIFICATE_MESSAGES.tooLarge] }, CERTIFICATE_MESSAGES.tooLarge);
    if (typeof password !== "string") throw invalid({ password: [CERTIFICATE_MESSAGES.missingPassword] }, CERTIFICATE_MESSAGES.missingPassword);
    return uploadCertificate(actor, { file: new Uint8Array(await file.arrayBuffer()), password });
  });
}

const subjectArgument = z.string({ error: "Indica el certificado que quieres quitar." }).max(500, "Indica el certificado que quieres quitar.");

/** Removes the uploaded certificate whose subject the screen showed (another one uploaded meanwhile stays). */
export async function removeCertificateAction(...args: [subject: unknown]): Promise<ActionResult<EinvoicingSettingsContract>> {
  return runAction(async () => {
    const [subject] = actionArguments(args, [subjectArgument]);
    return removeCertificate(await requireActor("admin"), subject);
  });
}

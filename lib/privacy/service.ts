import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { rateLimited } from "@/lib/errors";
import { hitRateLimit, type RateLimitRule } from "@/lib/rate-limit";
import { myDataFileName, myDataJsonChunks, openMyData, summarizeMyData } from "./my-data";
import { myDataPdfFile } from "./my-data-pdf";

// A person downloading what we hold about them ("Mis datos"): the one path both formats take.
// Each download is counted against a limit per account (building the file reads every table)
// and recorded in the audit trail as "privacy.export" on the person's own account.

/** Downloads of "Mis datos" (JSON and PDF together) per account and hour. */
export const MY_DATA_EXPORT_RATE_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 3600 };

export type MyDataFormat = "json" | "pdf";

async function admitExport(actor: Actor, format: MyDataFormat): Promise<void> {
  const attempt = await hitRateLimit(`privacy-export:user:${actor.id}`, MY_DATA_EXPORT_RATE_LIMIT);
  if (!attempt.allowed) {
    const minutes = Math.max(1, Math.ceil(attempt.retryAfterSeconds / 60));
    throw rateLimited(
      attempt.retryAfterSeconds,
      `Ya descargaste tus datos muchas veces en la última hora. Inténtalo de nuevo en ${minutes} minuto${minutes === 1 ? "" : "s"}.`,
    );
  }
  await recordAudit(db, actor, { action: "privacy.export", entityType: "user", entityId: actor.id, after: { format } });
}

/** The JSON file of the actor's own data: its name and its text, produced piece by piece. */
export async function exportMyDataJson(actor: Actor): Promise<{ fileName: string; chunks: AsyncGenerator<string> }> {
  const { sections } = await openMyData(actor.id);
  await admitExport(actor, "json");
  return { fileName: myDataFileName("json"), chunks: myDataJsonChunks(sections()) };
}

/** The PDF summary of the actor's own data. */
export async function exportMyDataPdf(actor: Actor): Promise<{ fileName: string; contentType: string; body: Uint8Array }> {
  await admitExport(actor, "pdf");
  return myDataPdfFile(await summarizeMyData(actor.id), myDataFileName("pdf"));
}

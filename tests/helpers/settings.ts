import { createHash } from "node:crypto";
import { mkdir, rmdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { db } from "@/lib/db";
import type { Prisma, SiteSettings } from "@/lib/generated/prisma/client";

/**
 * The columns of "Configuración › Cobros" (payment instructions, QR, reminders): only the files
 * that change them put them back.
 */
const COLLECTION_COLUMNS = [
  "paymentAccounts",
  "yapeNumber",
  "plinNumber",
  "paymentQrKey",
  "paymentQrMime",
  "paymentNote",
  "remindersEnabled",
  "reminderDaysBefore",
  "reminderEveryDays",
] as const satisfies readonly (keyof SiteSettings)[];

/**
 * Puts the settings row back as `original` had it (other test files read the seeded settings).
 * The "Cobros" columns only with `collections: true`: a file that never changed them must not
 * undo what another file set there.
 */
export async function restoreSiteSettings(original: SiteSettings | null, { collections = false }: { collections?: boolean } = {}): Promise<void> {
  if (!original) {
    await db.siteSettings.deleteMany({ where: { id: 1 } });
    return;
  }
  const data: Prisma.SiteSettingsUpdateInput & { id?: number } = { ...original, paymentAccounts: original.paymentAccounts as Prisma.InputJsonValue };
  // The key and the update time are the row's own, never written back.
  delete data.id;
  delete data.updatedAt;
  if (!collections) for (const column of COLLECTION_COLUMNS) delete data[column];
  await db.siteSettings.update({ where: { id: 1 }, data });
}

/** One lock per test run (its database), seen by every worker process. */
const LOCK_DIR = path.join(tmpdir(), `vitest-site-settings-${createHash("sha256").update(process.env.DATABASE_URL ?? "").digest("hex").slice(0, 16)}`);

/**
 * Test files run two at a time on one database, and the settings row is a single row: a file that
 * changes it and reads it back (the settings API, the e-invoicing settings, "Cómo pagar",
 * reminders) takes this in beforeAll and releases it in afterAll, so no other such file changes
 * the row under it, nor puts back its own snapshot over the row meanwhile.
 * Waits for the file holding it (up to `timeoutMs`, under vitest's hook timeout).
 */
export async function lockSiteSettings(timeoutMs = 110_000): Promise<() => Promise<void>> {
  const started = Date.now();
  for (;;) {
    try {
      await mkdir(LOCK_DIR);
      return () => rmdir(LOCK_DIR).catch(() => {});
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    if (Date.now() - started > timeoutMs) throw new Error(`Another test file has held the settings row for ${Math.round(timeoutMs / 1000)} s (${LOCK_DIR}).`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

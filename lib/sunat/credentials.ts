// Not server-only: the demo seed signs its invoices with this too.
import { readFileSync } from "node:fs";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { certificateProblem, readPfx, type CertificateInfo } from "./certificate";
import { openSecret } from "@/lib/crypto/secret-box";
import type { SigningCredential } from "./types";

// The certificate documents are signed with: the one uploaded in Configuración (sealed in the
// database with the server's key) or, when none is, the .pfx named by SUNAT_CERT_PATH with
// SUNAT_CERT_PASSWORD. Parsed once per stored value (a .pfx takes tens of milliseconds to open).

export type SigningKey = { credential: SigningCredential; info: CertificateInfo; source: "settings" | "environment" };
export type SigningKeyResult = { ok: true; key: SigningKey } | { ok: false; problem: string };

let cached: { fingerprint: string; key: SigningKey } | null = null;

function opened(fingerprint: string, source: SigningKey["source"], read: () => { pfx: Buffer; password: string }): SigningKey {
  if (cached?.fingerprint === fingerprint) return cached.key;
  const { pfx, password } = read();
  const info = readPfx(pfx, password);
  const key = { credential: info.credential, info, source };
  cached = { fingerprint, key };
  return key;
}

/** The key to sign for `issuerRuc` today, or why there is none (Spanish, for the screens). */
export async function signingKeyFor(issuerRuc: string, client: Prisma.TransactionClient | typeof db = db, now = new Date()): Promise<SigningKeyResult> {
  const settings = await client.siteSettings.findUnique({
    where: { id: 1 },
    select: { certificateSealed: true, certificatePasswordSealed: true },
  });
  let key: SigningKey;
  try {
    if (settings?.certificateSealed && settings.certificatePasswordSealed) {
      const sealed = settings.certificateSealed;
      const sealedPassword = settings.certificatePasswordSealed;
      key = opened(`settings:${sealed.slice(0, 64)}:${sealed.length}`, "settings", () => ({
        pfx: openSecret(sealed),
        password: openSecret(sealedPassword).toString("utf8"),
      }));
    } else if (process.env.SUNAT_CERT_PATH) {
      const path = process.env.SUNAT_CERT_PATH;
      key = opened(`env:${path}`, "environment", () => ({ pfx: readFileSync(path), password: process.env.SUNAT_CERT_PASSWORD ?? "" }));
    } else {
      return { ok: false, problem: "Falta el certificado digital: súbelo en Configuración › Facturación electrónica." };
    }
  } catch (error) {
    return { ok: false, problem: `No se pudo abrir el certificado digital: ${error instanceof Error ? error.message : String(error)}` };
  }
  const problem = certificateProblem(key.info, issuerRuc, now);
  return problem ? { ok: false, problem } : { ok: true, key };
}

/** Forget the parsed certificate (after an upload). */
export function forgetSigningKey() {
  cached = null;
}

// Encryption at rest for the server's secrets: the issuer's certificate (.pfx) and its password
// (lib/sunat) and the admins' second-factor secrets (lib/auth/two-factor.ts). AES-256-GCM, sealed
// as "v1:<iv>:<tag>:<data>" (base64url parts; the "v1" prefix is authenticated too, so a future
// format can sit beside this one). It lives outside both domains so neither depends on the other.
//
// The key: SUNAT_CERT_ENCRYPTION_KEY (32 random bytes in base64, e.g. `openssl rand -base64 32`)
// when it is set; otherwise derived from AUTH_SECRET with HKDF-SHA256 and a fixed label. Without
// the explicit key, rotating AUTH_SECRET (which also signs sessions) makes every stored certificate
// unreadable: openSecret then throws, the certificate must be uploaded again and each admin's second
// factor must be set up again. Set SUNAT_CERT_ENCRYPTION_KEY in production to rotate AUTH_SECRET
// freely.
// No server-only marker: the seed script (plain Node) stores the demo certificate with it.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** HKDF's "info": binds the derived key to this use of AUTH_SECRET (its text predates the second use; changing it would make every stored secret unreadable). */
const HKDF_INFO = "consultora-ti/sunat-certificate-secret-box/v1";

export const SECRET_UNREADABLE_MESSAGE =
  "No se pudo descifrar el certificado guardado: la clave de cifrado cambió (SUNAT_CERT_ENCRYPTION_KEY o AUTH_SECRET) o el dato fue alterado. Vuelve a subir el certificado .pfx.";

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SecretBoxError";
  }
}

/** The 32-byte key, read from the environment on each call. */
export function secretBoxKey(env: NodeJS.ProcessEnv = process.env): Buffer {
  const explicit = env.SUNAT_CERT_ENCRYPTION_KEY?.trim();
  if (explicit) {
    const key = Buffer.from(explicit, "base64");
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(explicit) || key.length !== 32) {
      throw new SecretBoxError("SUNAT_CERT_ENCRYPTION_KEY debe ser de 32 bytes en base64 (por ejemplo: openssl rand -base64 32).");
    }
    return key;
  }
  const authSecret = env.AUTH_SECRET;
  if (!authSecret) {
    throw new SecretBoxError("Falta la clave para cifrar el certificado: define SUNAT_CERT_ENCRYPTION_KEY o AUTH_SECRET.");
  }
  return Buffer.from(hkdfSync("sha256", authSecret, Buffer.alloc(0), HKDF_INFO, 32));
}

export function sealSecret(plain: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", secretBoxKey(), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(VERSION));
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(":");
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

export function openSecret(sealed: string): Buffer {
  const parts = sealed.split(":");
  if (parts[0] !== VERSION) throw new SecretBoxError("Formato de secreto cifrado desconocido.");
  if (parts.length !== 4 || !parts.slice(1).every((part) => BASE64URL.test(part))) {
    throw new SecretBoxError("El secreto cifrado está dañado.");
  }
  const [iv, tag, data] = parts.slice(1).map((part) => Buffer.from(part, "base64url"));
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxError("El secreto cifrado está dañado.");
  const decipher = createDecipheriv("aes-256-gcm", secretBoxKey(), iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(VERSION));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(data), decipher.final()]);
  } catch {
    // GCM cannot tell a changed key from changed data: both fail the tag.
    throw new SecretBoxError(SECRET_UNREADABLE_MESSAGE);
  }
}

// Native bcrypt: each hash runs on libuv's thread pool, so a burst of sign-ins does not hold
// the one JavaScript thread that renders every page (bcryptjs computed on it).
import bcrypt from "bcrypt";

export const BCRYPT_COST = 12;
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-rules";

export function hashPassword(password: string) {
  return bcrypt.hash(password, BCRYPT_COST);
}

/** A real hash of a random value: comparing against it costs what a real check costs. */
const DUMMY_HASH = bcrypt.hashSync(`dummy-${Math.random()}`, BCRYPT_COST);

/**
 * Checks a password against a stored hash. Without a hash (unknown user, or a Google-only
 * account) it still runs one bcrypt comparison, so timing does not tell whether an e-mail exists.
 */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    await bcrypt.compare(password, DUMMY_HASH);
    return false;
  }
  return bcrypt.compare(password, hash);
}

// Password length rules. Pure constants, apart from lib/auth/password.ts, so the
// schemas that browsers import never pull in bcrypt (whose module computes a cost-12 hash on load).
export const PASSWORD_MIN_LENGTH = 8;
/** bcrypt only reads the first 72 bytes; longer passwords are refused rather than silently cut. */
export const PASSWORD_MAX_LENGTH = 72;

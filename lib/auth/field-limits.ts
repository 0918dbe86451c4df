// Length limits of the account fields. Pure constants, apart from lib/auth/schema.ts, so a
// browser component that only needs a field's maxLength (the e-mail field every auth form and
// the signed-in areas' header share) does not pull zod and every schema into its page.
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 120;

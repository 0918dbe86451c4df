// Accounts as the screens show them: the roles and their names, and the signature's limit. Pure,
// without zod (lib/users/schema.ts holds the schemas and re-exports these): the users list and the
// profile screens import them without loading a schema.

export const USER_ROLES = ["client", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const USER_ROLE_LABELS: Record<UserRole, string> = { client: "Cliente", admin: "Administrador" };

/** The longest signature an admin's e-mailed replies carry. */
export const SIGNATURE_MAX_LENGTH = 1000;

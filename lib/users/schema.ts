// Inputs of user management and of the admin profile,
// shared by the screens (react-hook-form), the server actions and the REST handlers. Pure: the
// browser imports it too. Bounds and the password rule come from lib/auth/schema.ts.
import { pageParams } from "@/lib/list/paging";
import { oneOfParam, textParam } from "@/lib/list/query-params";
import { emailSchema, NAME_MAX_LENGTH, newPasswordSchema } from "@/lib/auth/schema";
import { PASSWORD_MAX_LENGTH } from "@/lib/auth/password-rules";
import { billingNameSchema, taxIdSchema } from "@/lib/billing/schema";
import { multilineText, singleLineText, z } from "@/lib/zod";
import { SIGNATURE_MAX_LENGTH, USER_ROLES } from "./labels";

export { SIGNATURE_MAX_LENGTH, USER_ROLE_LABELS, USER_ROLES } from "./labels";
export type { UserRole } from "./labels";

export const USER_MESSAGES = {
  nameRequired: "El nombre es obligatorio.",
  nameTooLong: `El nombre no puede superar los ${NAME_MAX_LENGTH} caracteres.`,
  emailRequired: "El correo electrónico es obligatorio.",
  role: "El rol debe ser client (Cliente) o admin (Administrador).",
  passwordRequired: "La contraseña es obligatoria.",
  // The profile form's own wording.
  profilePasswordMin: "Mínimo 8 caracteres",
  currentPasswordRequired: "Ingresa tu contraseña actual.",
  confirmRequired: "Confirma la nueva contraseña.",
  mismatch: "Las contraseñas no coinciden.",
} as const;

const nameSchema = singleLineText({ error: USER_MESSAGES.nameRequired })
  .min(1, USER_MESSAGES.nameRequired)
  .max(NAME_MAX_LENGTH, USER_MESSAGES.nameTooLong);

/** A required e-mail (lower-cased by emailSchema). A non-string is "obligatorio", as a missing one. */
const requiredEmail = z.string({ error: USER_MESSAGES.emailRequired }).pipe(emailSchema);

const roleSchema = z.enum(USER_ROLES, { error: USER_MESSAGES.role });

/** "+ Nuevo Usuario" and POST /api/v1/admin/users: password ≥ 8, role client by default. */
export const createUserSchema = z.object({
  name: nameSchema,
  email: requiredEmail,
  password: z.string({ error: USER_MESSAGES.passwordRequired }).pipe(newPasswordSchema),
  role: roleSchema.default("client"),
});
export type CreateUserInput = z.output<typeof createUserSchema>;
export type CreateUserForm = z.input<typeof createUserSchema>;

/** A password that may be left blank (omitted, null, "" or only spaces): blank keeps the current one. */
const optionalNewPassword = z.preprocess(
  (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
  z.string({ error: USER_MESSAGES.passwordRequired }).pipe(newPasswordSchema).optional(),
);

/** Editing a user and PUT /api/v1/admin/users/{id}: the same fields; a blank password keeps it, a role left out too. */
export const updateUserSchema = z.object({
  name: nameSchema,
  email: requiredEmail,
  password: optionalNewPassword,
  role: roleSchema.optional(),
});
export type UpdateUserInput = z.output<typeof updateUserSchema>;
export type UpdateUserForm = z.input<typeof updateUserSchema>;

export const USER_SORTS = ["name", "email", "role", "created_at"] as const;

/** GET /api/v1/admin/users and the screen's URL: `?page=&per_page=&q=&role=&sort=&dir=` (newest first by default). */
export const userListQuerySchema = z.object({
  ...pageParams,
  q: textParam(100, "La búsqueda no puede superar los 100 caracteres."),
  role: oneOfParam(USER_ROLES, USER_MESSAGES.role),
  sort: oneOfParam(USER_SORTS, "El parámetro sort debe ser name, email, role o created_at."),
  dir: oneOfParam(["asc", "desc"], "El parámetro dir debe ser asc o desc."),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

// ─────────────────────────────── Admin profile ───────────────────────────────

/**
 * The current password that a new sign-in e-mail needs (lib/users/profile.ts decides whether the
 * e-mail changed): optional here, blank counts as not given.
 */
const currentPasswordForEmail = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z
    .string({ error: USER_MESSAGES.currentPasswordRequired })
    .max(PASSWORD_MAX_LENGTH, "La contraseña actual no es correcta.")
    .optional(),
);

/** PUT /api/v1/admin/profile {name, email, current_password?}: current_password when the e-mail changes. */
export const profileSchema = z.object({ name: nameSchema, email: requiredEmail, current_password: currentPasswordForEmail });
export type ProfileInput = z.output<typeof profileSchema>;

/** PUT /api/v1/admin/profile {current_password, new_password, confirm_password}. */
export const changePasswordSchema = z
  .object({
    current_password: z
      .string({ error: USER_MESSAGES.currentPasswordRequired })
      .min(1, USER_MESSAGES.currentPasswordRequired)
      .max(PASSWORD_MAX_LENGTH, "La contraseña actual no es correcta."),
    new_password: z
      .string({ error: USER_MESSAGES.profilePasswordMin })
      .min(8, USER_MESSAGES.profilePasswordMin)
      .pipe(newPasswordSchema),
    confirm_password: z
      .string({ error: USER_MESSAGES.confirmRequired })
      .min(1, USER_MESSAGES.confirmRequired)
      .max(PASSWORD_MAX_LENGTH, USER_MESSAGES.mismatch),
  })
  .refine((input) => input.new_password === input.confirm_password, {
    path: ["confirm_password"],
    message: USER_MESSAGES.mismatch,
  });
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

export const PROFILE_FIELDS = ["name", "email"] as const;

export const SIGNATURE_MESSAGES = {
  notText: "La firma debe ser texto.",
  tooLong: "La firma no puede superar los 1.000 caracteres.",
} as const;

/**
 * "Firma para respuestas por correo": multi-line text up to 1,000 characters, appended to the
 * replies the admin e-mails (tickets and contact messages). Blank or null removes it; left out, it
 * is kept.
 */
export const signatureSchema = z
  .union([multilineText({ error: SIGNATURE_MESSAGES.notText }).max(SIGNATURE_MAX_LENGTH, SIGNATURE_MESSAGES.tooLong), z.null()], {
    error: SIGNATURE_MESSAGES.notText,
  })
  .transform((value) => value || null);

/** PUT /api/v1/admin/profile {name, email, current_password?, signature?} and "Perfil de Administrador". */
export const adminProfileSchema = profileSchema.extend({ signature: signatureSchema.optional() });
export type AdminProfileInput = z.output<typeof adminProfileSchema>;
export type AdminProfileForm = z.input<typeof adminProfileSchema>;

export const ADMIN_PROFILE_FIELDS = [...PROFILE_FIELDS, "signature"] as const;

// ─────────────────────────────── Client profile ───────────────────────────────

/**
 * PUT /api/v1/client/profile {name, email, billing_name, tax_id} and "Mi perfil": the admin
 * profile's fields plus the billing profile. tax_id is a RUC (11 digits, módulo-11 check digit) or
 * a DNI (8 digits); blank or null clears a billing field, one left out keeps its value.
 */
export const clientProfileSchema = profileSchema.extend({
  billing_name: billingNameSchema.optional(),
  tax_id: taxIdSchema.optional(),
});
export type ClientProfileInput = z.output<typeof clientProfileSchema>;
export type ClientProfileForm = z.input<typeof clientProfileSchema>;

export const CLIENT_PROFILE_FIELDS = [...PROFILE_FIELDS, "billing_name", "tax_id"] as const;
export const PASSWORD_FIELDS = ["current_password", "new_password", "confirm_password"] as const;

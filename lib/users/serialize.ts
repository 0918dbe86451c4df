import type { User } from "@/lib/generated/prisma/client";

/** A user as the contract shows it. Never carries a password or its hash. */
export type UserContract = {
  id: string;
  name: string;
  email: string;
  role: User["role"];
  created_at: string;
};

export function serializeUser(user: Pick<User, "id" | "name" | "email" | "role" | "createdAt">): UserContract {
  return { id: user.id, name: user.name, email: user.email, role: user.role, created_at: user.createdAt.toISOString() };
}

/** The admin's own profile (PUT /api/v1/admin/profile): the user and the signature of their e-mailed replies. */
export type AdminProfileContract = UserContract & { signature: string | null };

export function serializeAdminProfile(user: Pick<User, "id" | "name" | "email" | "role" | "createdAt" | "signature">): AdminProfileContract {
  return { ...serializeUser(user), signature: user.signature };
}

/** The client's own profile (GET|PUT /api/v1/client/profile): the user and their billing profile. */
export type ClientProfileContract = UserContract & {
  /** Razón social or name the invoices are issued to (the account's name when null). */
  billing_name: string | null;
  /** RUC (11 digits) or DNI (8 digits), or null. */
  tax_id: string | null;
  tax_id_type: "RUC" | "DNI" | null;
};

export function serializeClientProfile(
  user: Pick<User, "id" | "name" | "email" | "role" | "createdAt" | "billingName" | "taxId">,
): ClientProfileContract {
  return {
    ...serializeUser(user),
    billing_name: user.billingName,
    tax_id: user.taxId,
    tax_id_type: user.taxId ? (user.taxId.length === 11 ? "RUC" : "DNI") : null,
  };
}

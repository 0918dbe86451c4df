// Seeded accounts. E-mails and passwords come from the environment; these defaults are for
// development only. In production every one of the four variables must be set.

export const USER_ENV_VARS = ["ADMIN_EMAIL", "ADMIN_PASSWORD", "CLIENT_EMAIL", "CLIENT_PASSWORD"] as const;

export const DEVELOPMENT_DEFAULTS: Record<(typeof USER_ENV_VARS)[number], string> = {
  ADMIN_EMAIL: "admin@lumenti.pe",
  ADMIN_PASSWORD: "Admin#2026",
  CLIENT_EMAIL: "cliente@lumenti.pe",
  CLIENT_PASSWORD: "Cliente#2026",
};

export const adminProfile = {
  name: "Administrador Lumen",
  image: "/images/avatars/administrador-lumen.svg",
} as const;

export const clientProfile = {
  name: "María Quispe",
  image: "/images/avatars/maria-quispe.svg",
  // Billing profile: invoices to her company are facturas (series F001) to its RUC.
  billingName: "Inversiones Quispe S.A.C.",
  taxId: "20551234569",
} as const;

import { Prisma } from "@/lib/generated/prisma/client";

/**
 * SQL over a `users` row aliased `u`: whether it is an admin the settings require a second factor
 * of and who has none yet. Such an admin sees only the enrolment screen, and the API refuses to
 * log them in. One expression, so the session lookup can answer it in the same query.
 */
export const mustEnrolTwoFactorSql = Prisma.sql`(u.role = 'admin' AND u.totp_enabled_at IS NULL
  AND COALESCE((SELECT s.require_admin_two_factor FROM site_settings s WHERE s.id = 1), false))`;

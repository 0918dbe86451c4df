import "server-only";
import type { AdminActor } from "@/lib/auth/actor";
import { forbidden, notFound, conflict, parseWith } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/service";
import { hashPassword } from "@/lib/auth/password";
import { endUserSessions } from "@/lib/auth/sessions";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { deleteAdminNotifications } from "@/lib/notifications/service";
import { announceEmailChange, applyEmailChange } from "./email-change";
import { USER_FIELDS } from "./queries";
import { createUserSchema, updateUserSchema } from "./schema";
import { serializeUser, type UserContract } from "./serialize";

// User management. The only writes of users by an admin: the
// screen's server actions and the REST handlers both call these. Each write is one transaction
// with its audit entry (never the password or its hash).

export const USER_ERRORS = {
  notFound: "Usuario no encontrado.",
  emailTaken: "Ya existe una cuenta con este correo electrónico.",
  selfDelete: "No puedes eliminar tu propia cuenta.",
  selfDemote: "No puedes quitarte a ti mismo el rol de administrador.",
  selfPassword: "Para cambiar tu propia contraseña usa Perfil de Administrador (te pedirá la contraseña actual).",
  selfEmail: "Para cambiar tu propio correo usa Perfil de Administrador (te pedirá la contraseña actual).",
  lastAdminDelete: "No se puede eliminar al último administrador.",
  lastAdminDemote: "No se puede quitar el rol de administrador al último administrador.",
  inUse: "No se puede eliminar este usuario porque otros registros dependen de él.",
  hasInvoices: "No se puede eliminar este cliente porque tiene comprobantes emitidos: las facturas y sus pagos se conservan.",
} as const;

/**
 * Every write that could leave the site without an admin (a demotion, a deletion) takes this
 * transaction-scoped advisory lock before it counts the admins, so two of them can never both
 * see "another admin remains" and then remove the last two (READ COMMITTED: each statement
 * after the lock sees what the previous holder committed).
 */
const ADMIN_SET_LOCK = 1_970_496_882; // "user" in ASCII

async function lockAdminSet(tx: Prisma.TransactionClient) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${ADMIN_SET_LOCK}::bigint)`;
}

/** Admins other than `userId`, counted under the lock. */
function otherAdmins(tx: Prisma.TransactionClient, userId: string) {
  return tx.user.count({ where: { role: "admin", id: { not: userId } } });
}

/** The actor may have been demoted or deleted since their request was authenticated. */
async function assertStillAdmin(tx: Prisma.TransactionClient, actor: AdminActor) {
  const row = await tx.user.findUnique({ where: { id: actor.id }, select: { role: true } });
  if (row?.role !== "admin") throw forbidden();
}

async function assertEmailFree(tx: Prisma.TransactionClient, email: string, exceptId?: string) {
  const owner = await tx.user.findUnique({ where: { email }, select: { id: true } });
  if (owner && owner.id !== exceptId) throw conflict(USER_ERRORS.emailTaken, { email: [USER_ERRORS.emailTaken] });
}

/** Two writes with the same e-mail at once: the unique index decides, with the same 409. */
async function uniqueEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") throw conflict(USER_ERRORS.emailTaken, { email: [USER_ERRORS.emailTaken] });
    throw error;
  }
}

/** Ids arrive from URLs: anything that cannot be a user id is simply not found. */
function userId(id: unknown): string {
  if (typeof id !== "string" || id.length === 0 || id.length > 64) throw notFound(USER_ERRORS.notFound);
  return id;
}

/** "+ Nuevo Usuario" / POST /api/v1/admin/users. 422 invalid, 409 e-mail taken. */
export async function createUser(actor: AdminActor, input: unknown): Promise<UserContract> {
  const data = parseWith(createUserSchema, input);
  const passwordHash = await hashPassword(data.password);
  return uniqueEmail(() =>
    db.$transaction(async (tx) => {
      await assertEmailFree(tx, data.email);
      const user = await tx.user.create({
        data: { name: data.name, email: data.email, role: data.role, passwordHash },
        select: USER_FIELDS,
      });
      const contract = serializeUser(user);
      await recordAudit(tx, actor, { action: "user.create", entityType: "user", entityId: user.id, after: contract });
      return contract;
    }),
  );
}

/**
 * Editing a user / PUT /api/v1/admin/users/{id}. A blank password keeps the current one.
 * 404 unknown id; 409 e-mail taken, demoting oneself, demoting the last admin, or setting one's
 * own password or e-mail here (the profile asks for the current password). A new role, password
 * or e-mail ends every session and API token of the user, in the same transaction; a new e-mail
 * also deletes their reset links and is verified by a link sent to it (the old address is
 * warned); a user who stops being admin loses the admins' notifications.
 */
export async function updateUser(actor: AdminActor, id: unknown, input: unknown): Promise<UserContract> {
  const targetId = userId(id);
  const data = parseWith(updateUserSchema, input);
  if (data.password !== undefined && targetId === actor.id) throw conflict(USER_ERRORS.selfPassword, { password: [USER_ERRORS.selfPassword] });
  const passwordHash = data.password === undefined ? undefined : await hashPassword(data.password);

  let emailChange: { previous: string; verificationToken: string } | null = null;
  const contract = await uniqueEmail(() =>
    db.$transaction(async (tx) => {
      const demoting = data.role === "client";
      if (demoting) await lockAdminSet(tx);
      const before = await tx.user.findUnique({ where: { id: targetId }, select: USER_FIELDS });
      if (!before) throw notFound(USER_ERRORS.notFound);
      if (demoting && before.role === "admin") {
        if (targetId === actor.id) throw conflict(USER_ERRORS.selfDemote, { role: [USER_ERRORS.selfDemote] });
        if ((await otherAdmins(tx, targetId)) === 0) throw conflict(USER_ERRORS.lastAdminDemote, { role: [USER_ERRORS.lastAdminDemote] });
        await assertStillAdmin(tx, actor);
      }
      const emailChanged = data.email !== before.email;
      if (emailChanged && targetId === actor.id) throw conflict(USER_ERRORS.selfEmail, { email: [USER_ERRORS.selfEmail] });
      if (emailChanged) await assertEmailFree(tx, data.email, targetId);

      const after = await tx.user.update({
        where: { id: targetId },
        data: { name: data.name, email: data.email, ...(data.role && { role: data.role }), ...(passwordHash && { passwordHash }) },
        select: USER_FIELDS,
      });
      const roleChanged = after.role !== before.role;
      const credentialsChanged = passwordHash !== undefined;
      if (roleChanged || credentialsChanged) await endUserSessions(targetId, { tx });
      if (roleChanged && after.role !== "admin") await deleteAdminNotifications(targetId, tx);
      if (emailChanged) {
        const { verificationToken } = await applyEmailChange(tx, targetId);
        emailChange = { previous: before.email, verificationToken };
      }

      const contract = serializeUser(after);
      await recordAudit(tx, actor, {
        action: "user.update",
        entityType: "user",
        entityId: targetId,
        before: { ...serializeUser(before), credentials_changed: false },
        after: { ...contract, credentials_changed: credentialsChanged },
      });
      return contract;
    }),
  );
  const change = emailChange as { previous: string; verificationToken: string } | null;
  if (change) await announceEmailChange(change.previous, { email: contract.email, name: contract.name }, change.verificationToken);
  return contract;
}

/**
 * Deleting a user / DELETE /api/v1/admin/users/{id}: 404 unknown id; 409 oneself or the last
 * admin. Their sessions and API tokens end with the account, in the same transaction.
 */
export async function deleteUser(actor: AdminActor, id: unknown): Promise<void> {
  const targetId = userId(id);
  if (targetId === actor.id) throw conflict(USER_ERRORS.selfDelete);
  try {
    await deleteInTransaction(actor, targetId);
  } catch (error) {
    // A record that must keep its author (a foreign key without cascade) refuses the deletion.
    if ((error as { code?: string }).code === "P2003") throw conflict(USER_ERRORS.inUse);
    throw error;
  }
}

async function deleteInTransaction(actor: AdminActor, targetId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockAdminSet(tx);
    const before = await tx.user.findUnique({ where: { id: targetId }, select: USER_FIELDS });
    if (!before) throw notFound(USER_ERRORS.notFound);
    if (before.role === "admin") {
      if ((await otherAdmins(tx, targetId)) === 0) throw conflict(USER_ERRORS.lastAdminDelete);
      await assertStillAdmin(tx, actor);
    }
    if ((await tx.invoice.count({ where: { userId: targetId } })) > 0) throw conflict(USER_ERRORS.hasInvoices);
    await endUserSessions(targetId, { tx });
    await tx.user.delete({ where: { id: targetId } });
    await recordAudit(tx, actor, { action: "user.delete", entityType: "user", entityId: targetId, before: serializeUser(before) });
  });
}

"use client";

import type { ReactNode } from "react";
import { useFormStatus } from "react-dom";
import { buttonClasses } from "@/components/ui/button";
import { signOutAction } from "./actions";
import { Spinner } from "./form-fields";

function Submit({ className, children }: { className?: string; children?: ReactNode }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" disabled={pending} aria-disabled={pending} className={className ?? buttonClasses("outline", "sm")}>
      {pending && <Spinner />}
      {children ?? "Cerrar sesión"}
    </button>
  );
}

/**
 * Logout from any signed-in area: ends the session on the server, then lands on /login,
 * which shows the "Sesión cerrada" toast. A plain form, so it also works without JavaScript.
 */
export function LogoutButton({ className, children }: { className?: string; children?: ReactNode }) {
  return (
    <form action={signOutAction} className="contents">
      <Submit className={className}>{children}</Submit>
    </form>
  );
}

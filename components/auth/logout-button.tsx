"use client";

import type { ReactNode } from "react";
import { useFormStatus } from "react-dom";
import { buttonClasses } from "@/components/ui/button";
import { signOutAction } from "@/lib/auth/actions";
import { Spinner } from "./spinner";

type LogoutButtonProps = {
  className?: string;
  /** Shown before the text; the spinner takes its place while signing out. */
  icon?: ReactNode;
  children?: ReactNode;
};

function Submit({ className, icon, children }: LogoutButtonProps) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" disabled={pending} aria-disabled={pending} className={className ?? buttonClasses("outline", "sm")}>
      {pending ? <Spinner /> : icon}
      {children ?? "Cerrar sesión"}
    </button>
  );
}

/**
 * Logout from any signed-in area: ends the session on the server, then lands on /login,
 * which shows the "Sesión cerrada" toast. A plain form, so it also works without JavaScript.
 */
export function LogoutButton({ className, icon, children }: LogoutButtonProps) {
  return (
    <form action={signOutAction} className="contents">
      <Submit className={className} icon={icon}>
        {children}
      </Submit>
    </form>
  );
}

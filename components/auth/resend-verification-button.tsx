"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { notify } from "@/components/ui/toast";
import { resendVerificationAction } from "@/lib/auth/actions";

/** «Reenviar enlace»: a new verification link to the current address, told with a toast. */
export function ResendVerificationButton() {
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      const result = await resendVerificationAction();
      if (result.ok) notify.success(result.data.message);
      else notify.error(result.message);
    } catch {
      notify.error("No se pudo reenviar el enlace. Inténtalo de nuevo.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={resend} disabled={busy} aria-busy={busy}>
      {busy ? "Enviando..." : "Reenviar enlace"}
    </Button>
  );
}

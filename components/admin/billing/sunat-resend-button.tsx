"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { resendSunatAction } from "@/lib/billing/actions";
import { Button } from "@/components/ui/button";
import { notify } from "@/components/ui/toast";
import type { SunatContract } from "@/lib/sunat/serialize";

// "Reenviar": sends the document to SUNAT now instead of at the next automatic retry, then tells
// where it stands (SUNAT's answer, or what still stops it) and reloads the page.

/** The toast after "Reenviar": SUNAT's answer, or what stopped it. */
export function resendOutcomeToast(sunat: SunatContract): { kind: "success" | "error" | "info"; message: string } {
  if (sunat.status === "rejected") {
    return { kind: "error", message: `Enviado a SUNAT: ${sunat.status_label}${sunat.description ? `. ${sunat.description}` : ""}` };
  }
  if (sunat.status === "accepted" || sunat.status === "observed") return { kind: "success", message: `Enviado a SUNAT: ${sunat.status_label}` };
  if (sunat.problem) return { kind: "error", message: `No se pudo completar el envío a SUNAT: ${sunat.problem}` };
  return { kind: "info", message: `Enviado a SUNAT: ${sunat.status_label}` };
}

export function SunatResendButton({ invoiceId }: { invoiceId: number }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  const resend = () => {
    startTransition(async () => {
      const outcome = await resendSunatAction(invoiceId);
      if (outcome.ok) {
        const toast = resendOutcomeToast(outcome.data.sunat);
        notify[toast.kind](toast.message);
      } else {
        notify.error(`Error al reenviar a SUNAT: ${outcome.message}`);
      }
      router.refresh();
    });
  };

  return (
    <Button variant="outline" size="sm" onClick={resend} disabled={pending} aria-busy={pending || undefined}>
      {pending ? "Enviando..." : "Reenviar"}
    </Button>
  );
}

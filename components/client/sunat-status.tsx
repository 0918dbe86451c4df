import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { SunatContract } from "@/lib/sunat/serialize";
import { SUNAT_STATUS_LABELS, type SunatStatusCode } from "@/lib/sunat/labels";

// Where the client's invoice stands with SUNAT, in the client's words (the back office shows the
// operator's). Pure: the invoice page (server) and the invoices table (client) use it.

const TONES: Record<SunatStatusCode, BadgeTone> = {
  pending: "neutral",
  sent: "brand",
  accepted: "success",
  observed: "success",
  rejected: "danger",
  voided: "neutral",
};

/** One line the client reads under the state. */
export const CLIENT_SUNAT_EXPLANATIONS: Record<SunatStatusCode, string> = {
  pending: "En proceso de envío a SUNAT. Lo enviamos automáticamente; no necesitas hacer nada.",
  sent: "Enviado a SUNAT, en espera de su constancia de recepción (CDR).",
  accepted: "Comprobante aceptado por SUNAT: es un comprobante electrónico válido.",
  observed: "Comprobante aceptado por SUNAT con observaciones de forma: es un comprobante electrónico válido.",
  rejected: "Comprobante rechazado por SUNAT: no tiene validez tributaria. Te emitiremos uno nuevo.",
  voided: "Comprobante dado de baja ante SUNAT: ya no tiene validez tributaria.",
};

const VOIDING_EXPLANATION = "Anulación en trámite ante SUNAT.";

type SunatState = Pick<SunatContract, "status" | "voiding">;

export function clientSunatExplanation(sunat: SunatState): string {
  const code = sunat.status as SunatStatusCode;
  const line = CLIENT_SUNAT_EXPLANATIONS[code] ?? "";
  return sunat.voiding ? `${VOIDING_EXPLANATION} ${line}`.trim() : line;
}

/** "SUNAT: Aceptado", as a badge. */
export function SunatStatusBadge({ sunat }: { sunat: SunatState }) {
  const code = sunat.status as SunatStatusCode;
  const label = SUNAT_STATUS_LABELS[code] ?? sunat.status;
  return (
    <Badge tone={sunat.voiding ? "warning" : (TONES[code] ?? "neutral")}>
      <span className="sr-only">Estado en SUNAT: </span>
      {sunat.voiding ? "Anulación en trámite" : label}
    </Badge>
  );
}

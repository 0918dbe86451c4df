"use client";

import { useEffect, useId, useState } from "react";
import { mergeCandidatesAction, mergeContactMessageAction } from "@/lib/contact/actions";
import { contactStatusLabel } from "@/components/admin/contact-status";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { ErrorState } from "@/components/ui/states";
import { notify } from "@/components/ui/toast";
import type { ContactMessageDetail } from "@/lib/contact/admin-serialize";
import { INBOX_FAILURES } from "@/lib/contact/inbox-rules";
import { formatDate } from "@/lib/format";

// "Unir con…": the sender's other conversations, one to choose; on confirm this conversation is
// merged into the chosen one (its entries move there and it is closed) and the inbox shows the
// chosen one. Mounted only while open: each opening loads the candidates afresh.

type Candidate = { id: number; subject: string | null; status: string; created_at: string };

type Load = { state: "loading" } | { state: "error"; message: string } | { state: "ready"; candidates: Candidate[] };

const CONNECTION_ERROR = "Error de conexión. Verifica tu conexión a internet.";

export function MergeDialog({
  message,
  onClose,
  onMerged,
}: {
  message: Pick<ContactMessageDetail, "id" | "email">;
  onClose: () => void;
  /** The conversation it was merged into. */
  onMerged: (target: ContactMessageDetail) => void;
}) {
  const [attempt, setAttempt] = useState(0);
  // Each load (the first, then each "Reintentar") answers for its own attempt.
  const [answer, setAnswer] = useState<{ attempt: number; load: Load } | null>(null);
  const load: Load = answer && answer.attempt === attempt ? answer.load : { state: "loading" };
  const [chosen, setChosen] = useState<number | null>(null);
  const [merging, setMerging] = useState(false);
  const groupName = useId();

  useEffect(() => {
    let current = true;
    mergeCandidatesAction(message.id).then(
      (result) => {
        if (current) setAnswer({ attempt, load: result.ok ? { state: "ready", candidates: result.data } : { state: "error", message: result.message } });
      },
      () => current && setAnswer({ attempt, load: { state: "error", message: CONNECTION_ERROR } }),
    );
    return () => {
      current = false;
    };
  }, [message.id, attempt]);

  async function merge() {
    if (chosen === null) return;
    setMerging(true);
    try {
      const result = await mergeContactMessageAction(message.id, chosen);
      if (!result.ok) {
        notify.error(INBOX_FAILURES.merge, { description: result.message });
        return;
      }
      notify.success(`Conversación unida a C-${result.data.id}`);
      onMerged(result.data);
    } catch {
      notify.error(INBOX_FAILURES.merge, { description: CONNECTION_ERROR });
    } finally {
      setMerging(false);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      busy={merging}
      size="md"
      testId="merge-dialog"
      title="Unir con otra conversación"
      description="Los mensajes de esta conversación pasarán a la que elijas, y esta quedará cerrada."
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={merging} data-autofocus>
            Cancelar
          </Button>
          <Button onClick={() => void merge()} disabled={merging || chosen === null}>
            {merging ? "Uniendo..." : "Unir"}
          </Button>
        </>
      }
    >
      {load.state === "loading" && (
        <p role="status" className="py-6 text-center text-sm text-ink-600">
          Cargando...
        </p>
      )}
      {load.state === "error" && (
        <ErrorState
          action={
            <Button variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>
              Reintentar
            </Button>
          }
        >
          {load.message}
        </ErrorState>
      )}
      {load.state === "ready" &&
        (load.candidates.length === 0 ? (
          <p className="py-6 text-center text-sm text-ink-600">Este remitente no tiene otras conversaciones.</p>
        ) : (
          <fieldset>
            <legend className="text-sm font-semibold text-ink-900">
              Otras conversaciones de <span className="break-all">{message.email}</span>
            </legend>
            <ul className="mt-3 flex flex-col gap-2">
              {load.candidates.map((candidate) => {
                const status = contactStatusLabel(candidate.status);
                return (
                  <li key={candidate.id}>
                    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-ink-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50">
                      <input
                        type="radio"
                        name={groupName}
                        value={candidate.id}
                        checked={chosen === candidate.id}
                        onChange={() => setChosen(candidate.id)}
                        className="mt-1 size-4 accent-brand-700"
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block font-medium break-words text-ink-900">
                          C-{candidate.id} · {candidate.subject || "Sin asunto"}
                        </span>
                        <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-ink-600">
                          <Badge tone={status.tone}>{status.label}</Badge>
                          {formatDate(candidate.created_at)}
                        </span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))}
    </Modal>
  );
}

"use client";

import Link from "next/link";
import { useState, type MouseEvent } from "react";
import { ProfileSection } from "@/components/account/profile";
import { buttonClasses } from "@/components/ui/button";
import { notify } from "@/components/ui/toast";

// "Mis datos" in the client's profile: what we keep and why, in short, and the two downloads of
// GET /api/v1/client/my-data (everything, JSON) and …/pdf (a readable summary). Each button is a
// plain link to its route (it works without JavaScript); with JavaScript the file is fetched so
// the button can say it is being prepared and a refusal (too many downloads, an expired session)
// shows as a toast instead of a page of JSON.

const DOWNLOADS = {
  json: { href: "/api/v1/client/my-data", label: "Descargar mis datos (JSON)", fallbackName: "mis-datos.json" },
  pdf: { href: "/api/v1/client/my-data/pdf", label: "Resumen en PDF", fallbackName: "mis-datos.pdf" },
} as const;

type Format = keyof typeof DOWNLOADS;

const KEPT: [string, string][] = [
  ["Tu perfil y tus accesos", "para identificarte, facturarte y proteger tu cuenta."],
  ["Suscripciones, comprobantes y pagos", "para prestarte el servicio y cobrarlo; la ley tributaria nos obliga a conservar los comprobantes."],
  ["Tickets, mensajes y reclamos", "para atenderte y dejar constancia de lo que te respondimos."],
  ["Registro de actividad y correos", "por seguridad y para saber qué te comunicamos y cuándo."],
];

function fileNameOf(response: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? fallback;
}

async function refusalMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  if (typeof body?.message === "string" && body.message) return body.message;
  return "No pudimos preparar la descarga. Inténtalo de nuevo en unos minutos.";
}

export function MyDataSection() {
  const [busy, setBusy] = useState<Format | null>(null);

  async function download(format: Format, event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (busy) return;
    const { href, fallbackName } = DOWNLOADS[format];
    setBusy(format);
    try {
      const response = await fetch(href, { credentials: "same-origin", cache: "no-store" });
      if (!response.ok) {
        notify.error(await refusalMessage(response));
        return;
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = fileNameOf(response, fallbackName);
      document.body.append(link);
      link.click();
      link.remove();
      // Give the browser time to start saving before the bytes are let go.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      notify.success("Descarga lista");
    } catch {
      notify.error("No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.");
    } finally {
      setBusy(null);
    }
  }

  return (
    <ProfileSection
      title="Mis datos"
      description="Descarga todo lo que guardamos sobre ti. Es tu derecho de acceso y portabilidad según la Ley N.° 29733 de Protección de Datos Personales."
    >
      <div className="flex flex-col gap-5" data-testid="my-data-section">
        <div>
          <h3 className="text-sm font-semibold text-ink-900">Qué guardamos y para qué</h3>
          <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm text-ink-700">
            {KEPT.map(([what, why]) => (
              <li key={what}>
                <span className="font-medium text-ink-900">{what}:</span> {why}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-ink-600">
            No incluimos tu contraseña ni tus códigos de acceso: solo guardamos su huella cifrada.
          </p>
        </div>

        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {(Object.keys(DOWNLOADS) as Format[]).map((format) => {
            const { href, label } = DOWNLOADS[format];
            const working = busy === format;
            return (
              <a
                key={format}
                href={href}
                download
                onClick={(event) => void download(format, event)}
                aria-disabled={busy !== null}
                aria-busy={working}
                className={buttonClasses(format === "json" ? "primary" : "outline", "md", busy !== null ? "pointer-events-none opacity-60" : undefined)}
              >
                {working ? "Preparando la descarga..." : label}
              </a>
            );
          })}
        </div>
        <p className="sr-only" aria-live="polite">
          {busy ? "Preparando la descarga de tus datos." : ""}
        </p>

        <p className="text-sm text-ink-600">
          El archivo JSON tiene el detalle completo; el PDF es un resumen para leerlo con calma. Más información en nuestra{" "}
          <Link href="/privacidad" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
            Política de privacidad
          </Link>
          .
        </p>

        {/* ── Solicitar eliminación ── The deletion request ("Solicitar eliminación") goes here, as its own component, at the end of this section. */}
      </div>
    </ProfileSection>
  );
}

import { AreaPage } from "@/components/account/area-shell";
import { ButtonLink } from "@/components/ui/button";

/**
 * The not-found screen of one record in the signed-in areas ("Factura no encontrada" and a way
 * back). In the client portal a record of someone else looks exactly like one that does not exist.
 */
export function RecordNotFound({ title, backHref, backLabel = "Volver", note }: { title: string; backHref: string; backLabel?: string; note?: string }) {
  return (
    <AreaPage>
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-dashed border-ink-300 bg-ink-50 px-6 py-10">
        <h1 className="text-2xl font-bold tracking-tight text-ink-900">{title}</h1>
        {note && <p className="text-base text-ink-600">{note}</p>}
        <ButtonLink href={backHref} variant="outline">
          {backLabel}
        </ButtonLink>
      </div>
    </AreaPage>
  );
}

import { AreaPage } from "@/components/account/area-shell";
import { ButtonLink } from "@/components/ui/button";

/** A client-portal record that does not exist or is not the caller's (the two look the same). */
export function ClientNotFound({ title, backHref, backLabel }: { title: string; backHref: string; backLabel: string }) {
  return (
    <AreaPage>
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-dashed border-ink-300 bg-ink-50 px-6 py-10">
        <h1 className="text-2xl font-bold tracking-tight text-ink-900">{title}</h1>
        <p className="text-base text-ink-600">No existe o no pertenece a tu cuenta.</p>
        <ButtonLink href={backHref} variant="outline">
          {backLabel}
        </ButtonLink>
      </div>
    </AreaPage>
  );
}

import type { SiteSettingsData } from "@/lib/content/settings";
import { COMPLAINT_KIND_DEFINITIONS } from "@/lib/complaints/labels";

/**
 * Who the sheet is addressed to, as the regulation asks the book to show: the provider's legal
 * name (razón social), RUC and address, from the site settings; then what each kind means.
 */
export function ProviderIdentification({ settings }: { settings: SiteSettingsData }) {
  const rows: [string, string][] = [
    ["Razón social", settings.companyLegalName ?? settings.companyName],
    ["RUC", settings.companyTaxId ?? "—"],
    ["Domicilio", settings.contactAddress ?? "—"],
  ];
  return (
    <>
      <section aria-labelledby="complaints-provider-title" className="on-dark rounded-3xl bg-brand-900 p-6 shadow-card sm:p-8">
        <h2 id="complaints-provider-title" className="text-xl font-bold tracking-tight text-white">
          Identificación del proveedor
        </h2>
        <dl className="mt-5 space-y-4" data-testid="complaints-provider">
          {rows.map(([term, detail]) => (
            <div key={term}>
              <dt className="text-sm font-medium text-brand-200">{term}</dt>
              <dd className="mt-0.5 text-base font-semibold break-words text-white">{detail}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="complaints-kinds-title" className="rounded-3xl border border-ink-200 bg-white p-6 shadow-card sm:p-8">
        <h2 id="complaints-kinds-title" className="text-xl font-bold tracking-tight text-ink-900">
          ¿Reclamo o queja?
        </h2>
        <dl className="mt-4 space-y-3 text-sm text-ink-700">
          <div>
            <dt className="font-semibold text-ink-900">Reclamo</dt>
            <dd>{COMPLAINT_KIND_DEFINITIONS.reclamo}</dd>
          </div>
          <div>
            <dt className="font-semibold text-ink-900">Queja</dt>
            <dd>{COMPLAINT_KIND_DEFINITIONS.queja}</dd>
          </div>
        </dl>
      </section>
    </>
  );
}

import { useId, type ReactNode } from "react";

/**
 * A titled card of a Configuración sub-screen (Facturación electrónica, Cobros): its fields in two
 * columns, or stacked (`columns={false}`).
 */
export function SettingsSection({ title, description, children, columns = true }: { title: string; description: ReactNode; children: ReactNode; columns?: boolean }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-ink-200 bg-white p-5 shadow-card sm:p-6">
      <h3 id={id} className="text-lg font-semibold text-ink-900">
        {title}
      </h3>
      <div className="mt-1 text-sm text-ink-600">{description}</div>
      <div className={columns ? "mt-5 grid gap-4 sm:grid-cols-2" : "mt-5"}>{children}</div>
    </section>
  );
}

import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { formatDate } from "@/lib/format";
import { formatRelativeTime } from "@/lib/sitemap/health";

// The pieces the sitemap panel's cards and tabs are built from.

export const number = new Intl.NumberFormat("es-PE");

export function StatusAlert({ message }: { message: string }) {
  return (
    <div role="alert" className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 size-5 shrink-0 text-red-700" fill="none" stroke="currentColor" strokeWidth="1.75">
        <path strokeLinecap="round" strokeLinejoin="round" d="M12 9v3.75m9-.75a9 9 0 11-18 0 9 9 0 0118 0zm-9 3.75h.008v.008H12v-.008z" />
      </svg>
      <p>{message}</p>
    </div>
  );
}

export function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={cn("min-w-0 rounded-2xl border border-ink-200 bg-white p-5", className)}>
      <h3 className="text-base font-semibold text-ink-900">{title}</h3>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A horizontally scrollable block that keyboard users can reach and scroll (axe "scrollable-region-focusable"). */
export function ScrollArea({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600">
      {children}
    </div>
  );
}

export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="divide-y divide-ink-100 text-sm">
      {items.map(([term, value]) => (
        <div key={term} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
          <dt className="text-ink-600">{term}</dt>
          <dd className="font-medium break-all text-ink-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export const yesNo = (value: boolean) => <Badge tone={value ? "success" : "danger"}>{value ? "Disponible" : "No disponible"}</Badge>;

export function TimeAgo({ iso }: { iso: string | null }) {
  if (!iso) return <>Nunca</>;
  return <time dateTime={iso} title={formatDate(iso)}>{formatRelativeTime(iso)}</time>;
}

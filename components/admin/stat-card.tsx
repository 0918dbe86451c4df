import Link from "next/link";
import type { ReactNode } from "react";
import { AreaIcon } from "@/components/account/icons";
import type { IconName } from "@/components/icons/registry";
import { cn } from "@/components/ui/cn";

const accents = {
  brand: "bg-brand-50 text-brand-700 ring-brand-100",
  teal: "bg-teal-50 text-teal-700 ring-teal-100",
  violet: "bg-violet-50 text-violet-700 ring-violet-100",
  emerald: "bg-emerald-50 text-emerald-700 ring-emerald-100",
  amber: "bg-amber-50 text-amber-800 ring-amber-100",
} as const;

/** One dashboard figure; the whole card links to its section. */
export function StatCard({
  label,
  value,
  detail,
  href,
  icon,
  accent = "brand",
  testId,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  href: string;
  icon: IconName;
  accent?: keyof typeof accents;
  testId?: string;
}) {
  return (
    <Link
      href={href}
      data-testid={testId}
      className="group flex h-full flex-col gap-4 rounded-2xl border border-ink-200 bg-white p-5 shadow-card transition-shadow hover:border-brand-200 hover:shadow-card-hover"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-semibold text-ink-700">{label}</h2>
        <span className={cn("inline-flex size-10 items-center justify-center rounded-xl ring-1 ring-inset", accents[accent])}>
          <AreaIcon name={icon} className="size-5" />
        </span>
      </div>
      <p data-testid={testId ? `${testId}-value` : undefined} className="text-3xl font-bold tracking-tight text-ink-900">
        {value}
      </p>
      {detail && (
        <p className="mt-auto flex items-center justify-between gap-2 text-sm text-ink-600">
          <span>{detail}</span>
          <AreaIcon name="arrow" className="size-4 text-ink-500 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-700" />
        </p>
      )}
    </Link>
  );
}

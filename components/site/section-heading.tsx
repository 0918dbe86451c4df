import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/** Eyebrow + h2 + intro, used by every home section. `id` labels the section. */
export function SectionHeading({ id, eyebrow, title, children, align = "left", className }: {
  id: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  align?: "left" | "center";
  className?: string;
}) {
  return (
    <div className={cn("max-w-2xl", align === "center" && "mx-auto text-center", className)}>
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance text-ink-900 sm:text-4xl">
        {title}
      </h2>
      {children && <p className="mt-4 text-lg leading-8 text-pretty text-ink-600">{children}</p>}
    </div>
  );
}

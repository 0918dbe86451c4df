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
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h2 id={id} className="h2 mt-2">
        {title}
      </h2>
      {children && <p className="lead mt-4">{children}</p>}
    </div>
  );
}

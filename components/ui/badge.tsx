import type { ReactNode } from "react";
import { cn } from "./cn";

export type BadgeTone = "brand" | "neutral" | "success" | "danger" | "warning" | "accent";

export function Badge({ tone = "neutral", className, children }: { tone?: BadgeTone; className?: string; children: ReactNode }) {
  return (
    <span
      // .badge and .badge-<tone>: component classes in app/globals.css.
      className={cn("badge", `badge-${tone}`, className)}
    >
      {children}
    </span>
  );
}

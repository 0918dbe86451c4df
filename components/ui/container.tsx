import type { ReactNode } from "react";
import { cn } from "./cn";

/** The page's horizontal rhythm: centred, max 80rem, padded on small screens (`.wrap`, app/globals.css). */
export function Container({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn("wrap", className)}>{children}</div>;
}

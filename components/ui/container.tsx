import type { ReactNode } from "react";
import { cn } from "./cn";

/** The page's horizontal rhythm: centred, max 80rem, padded on small screens. */
export function Container({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn("mx-auto w-full max-w-7xl px-5 sm:px-6 lg:px-8", className)}>{children}</div>;
}

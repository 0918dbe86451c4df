import type { ReactNode } from "react";
import { Icon } from "@/components/icons/icon";
import { cn } from "./cn";

/** A calm "nothing here yet" block. */
export function EmptyState({ children, className, action }: { children: ReactNode; className?: string; action?: ReactNode }) {
  return (
    <div
      className={cn(
        "flex flex-col items-center gap-4 rounded-2xl border border-dashed border-ink-300 bg-ink-50 px-6 py-10 text-center",
        className,
      )}
    >
      <Icon name="inbox" className="size-8 text-ink-500" />
      <p className="max-w-md text-base text-ink-600">{children}</p>
      {action}
    </div>
  );
}

/** An error message for one section; the rest of the page keeps working. */
export function ErrorState({ children, className, action }: { children: ReactNode; className?: string; action?: ReactNode }) {
  return (
    <div
      role="alert"
      className={cn("flex flex-col items-center gap-3 rounded-2xl border border-red-200 bg-red-50 px-6 py-8 text-center", className)}
    >
      <Icon name="alert" className="size-7 text-red-700" />
      <p className="text-base font-medium text-red-800">{children}</p>
      {action}
    </div>
  );
}

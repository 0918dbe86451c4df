import type { ReactNode } from "react";
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
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-8 text-ink-500" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path strokeLinecap="round" strokeLinejoin="round" d="M20.25 7.5l-.625 10.632a2.25 2.25 0 01-2.247 2.118H6.622a2.25 2.25 0 01-2.247-2.118L3.75 7.5m8.25 3v6.75m0 0l-3-3m3 3l3-3M3.375 7.5h17.25c.621 0 1.125-.504 1.125-1.125v-1.5c0-.621-.504-1.125-1.125-1.125H3.375c-.621 0-1.125.504-1.125 1.125v1.5c0 .621.504 1.125 1.125 1.125z" />
      </svg>
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
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7 text-red-700" fill="none" stroke="currentColor" strokeWidth="1.75">
        <path strokeLinecap="round" strokeLinejoin="round" d="M12 9v3.75m9-.75a9 9 0 11-18 0 9 9 0 0118 0zm-9 3.75h.008v.008H12v-.008z" />
      </svg>
      <p className="text-base font-medium text-red-800">{children}</p>
      {action}
    </div>
  );
}

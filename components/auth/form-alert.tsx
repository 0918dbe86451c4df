import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/**
 * The red box of a failed submission and the green box of a successful one. The live region
 * is always rendered, so what appears in it is announced; `key` re-announces a repeated
 * identical message.
 */
export function FormAlert({ tone, message, messageKey, className }: { tone: "error" | "success"; message?: ReactNode; messageKey?: number | string; className?: string }) {
  const error = tone === "error";
  return (
    <div role={error ? "alert" : "status"} aria-live={error ? "assertive" : "polite"} className={message ? className : undefined}>
      {message ? (
        <div
          key={messageKey}
          className={cn(
            "flex items-start gap-3 rounded-xl border px-4 py-3 text-sm font-medium",
            error ? "border-red-200 bg-red-50 text-red-800" : "border-emerald-200 bg-emerald-50 text-emerald-900",
          )}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className={cn("mt-0.5 size-5 shrink-0", error ? "text-red-700" : "text-emerald-700")} fill="currentColor">
            {error ? (
              <path fillRule="evenodd" d="M18 10a8 8 0 11-16 0 8 8 0 0116 0zm-8-5a.75.75 0 01.75.75v4.5a.75.75 0 01-1.5 0v-4.5A.75.75 0 0110 5zm0 10a1 1 0 100-2 1 1 0 000 2z" clipRule="evenodd" />
            ) : (
              <path fillRule="evenodd" d="M10 18a8 8 0 100-16 8 8 0 000 16zm3.86-9.81a.75.75 0 00-1.22-.87l-3.24 4.53-1.62-1.62a.75.75 0 00-1.06 1.06l2.25 2.25a.75.75 0 001.14-.1l3.75-5.25z" clipRule="evenodd" />
            )}
          </svg>
          <div>{message}</div>
        </div>
      ) : null}
    </div>
  );
}

import { cn } from "@/components/ui/cn";

/** The brand mark (same drawing as app/icon.svg). Decorative: the company name sits next to it. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={cn("size-9 shrink-0", className)}>
      <rect width="32" height="32" rx="8" fill="#1f37cb" />
      <path d="M32 14v10a8 8 0 01-8 8H12z" fill="#2749e5" />
      <path d="M10 8v16h12" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="21.5" cy="10.5" r="3" fill="#5eead4" />
    </svg>
  );
}

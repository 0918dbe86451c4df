import { cn } from "@/components/ui/cn";
import { sanitizeRichHtml } from "@/lib/catalog/sanitize";

/**
 * Typography for stored rich HTML (the editor's allow-list: h1–h3, p, lists, blockquote,
 * links, bold, italic, underline, strike). No typography plugin: styled here.
 */
const prose = cn(
  "max-w-none text-base leading-7 text-ink-700 sm:text-[1.0625rem] sm:leading-8",
  "[&>*:first-child]:mt-0 [&>*:last-child]:mb-0",
  "[&_h1]:mt-10 [&_h1]:mb-4 [&_h1]:text-2xl [&_h1]:font-bold [&_h1]:tracking-tight [&_h1]:text-ink-900 sm:[&_h1]:text-3xl",
  "[&_h2]:mt-10 [&_h2]:mb-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-ink-900",
  "[&_h3]:mt-8 [&_h3]:mb-3 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-ink-900",
  "[&_p]:my-4",
  "[&_ul]:my-5 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ul_li]:marker:text-brand-600",
  "[&_ol]:my-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_ol_li]:marker:font-semibold [&_ol_li]:marker:text-brand-700",
  "[&_li]:pl-1 [&_li>p]:my-0",
  "[&_blockquote]:my-6 [&_blockquote]:rounded-r-xl [&_blockquote]:border-l-4 [&_blockquote]:border-brand-500 [&_blockquote]:bg-brand-50 [&_blockquote]:px-5 [&_blockquote]:py-4 [&_blockquote]:text-lg [&_blockquote]:text-ink-800 [&_blockquote]:italic",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:decoration-brand-300 [&_a]:underline-offset-2 hover:[&_a]:text-brand-900 hover:[&_a]:decoration-brand-700",
  "[&_strong]:font-semibold [&_strong]:text-ink-900 [&_s]:text-ink-600",
);

/**
 * Renders stored rich HTML. It was sanitized when it was saved (DESIGN §6); it is sanitized
 * again here, with the same allow-list, so a row written around the service (SQL by hand, an
 * old backup) still cannot run script. A server component: pages are pre-rendered, so this
 * costs nothing per request.
 */
export function RichContent({ html, className }: { html: string; className?: string }) {
  return <div className={cn(prose, className)} dangerouslySetInnerHTML={{ __html: sanitizeRichHtml(html) ?? "" }} />;
}

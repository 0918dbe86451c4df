import { sanitizeRichHtml } from "@/lib/catalog/sanitize";
import { latin1Html } from "@/lib/latin1-html";
import { RichHtml } from "./rich-html";

/**
 * Renders stored rich HTML. It was sanitized when it was saved; it is sanitized
 * again here, with the same allow-list, so a row written around the service (SQL by hand, an
 * old backup) still cannot run script. A server component: pages are pre-rendered, so this
 * costs nothing per request.
 */
export function RichContent({ html, className }: { html: string; className?: string }) {
  return <RichHtml html={latin1Html(sanitizeRichHtml(html) ?? "")} className={className} />;
}

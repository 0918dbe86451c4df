import { cn } from "@/components/ui/cn";

/**
 * Rich HTML that was already sanitized (sanitizeRichHtml): the .rich component class in
 * app/globals.css sets its typography (the editor's allow-list: h1–h3, p, lists, blockquote,
 * links, bold, italic, underline, strike). Usable from client components; RichContent sanitizes.
 */
export function RichHtml({ html, className }: { html: string; className?: string }) {
  return <div className={cn("rich", className)} dangerouslySetInnerHTML={{ __html: html }} />;
}

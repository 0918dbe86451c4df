import type { HTMLAttributes } from "react";
import { latin1TextHtml } from "@/lib/latin1-html";

/**
 * Plain text in a <span>, escaped and with every character above U+00FF written as a character
 * reference (lib/latin1-html.ts says why). Only for short texts that carry such characters, like
 * prices in euros. Usable from client components: pass it the raw values (not the formatted text),
 * so the RSC payload stays Latin-1 too.
 */
export function Latin1Text({ text, ...props }: { text: string } & Omit<HTMLAttributes<HTMLSpanElement>, "children" | "dangerouslySetInnerHTML">) {
  return <span {...props} dangerouslySetInnerHTML={latin1TextHtml(text)} />;
}

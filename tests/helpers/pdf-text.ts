// A PDF read back as text with pdf.js (the tests of the invoice and statement PDFs, and the
// statement's e2e spec): each page's text items joined by spaces, the page count and the metadata.
import { join } from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

const STANDARD_FONTS = join(process.cwd(), "node_modules/pdfjs-dist/standard_fonts/");

/** The PDF's pages as text (items of a page joined by spaces), its page count and its metadata. */
export async function readPdf(bytes: Uint8Array) {
  const pdf = await getDocument({ data: bytes.slice(), standardFontDataUrl: STANDARD_FONTS, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" ").replace(/\s+/g, " "));
  }
  const info = (await pdf.getMetadata()).info as Record<string, unknown>;
  await pdf.destroy();
  return { pages, text: pages.join(" \n "), info };
}

// Parsing of the catalogue's "text: text" list entries. Pure: client components may import it.

/** Splits at the FIRST colon (spec §2.3): "¿Incluye soporte?: Sí, 24/7" → question and answer. */
export function splitAtFirstColon(entry: string): { head: string; tail: string } {
  const index = entry.indexOf(":");
  if (index === -1) return { head: entry.trim(), tail: "" };
  return { head: entry.slice(0, index).trim(), tail: entry.slice(index + 1).trim() };
}

/** An FAQ entry "question: answer". An entry without a colon is a question with no answer. */
export function parseFaqEntry(entry: string): { question: string; answer: string } {
  const { head, tail } = splitAtFirstColon(entry);
  return { question: head, answer: tail };
}

/** A specification "name: value". An entry without a colon is a value with no name. */
export function parseSpecification(entry: string): { name: string; value: string } {
  const { head, tail } = splitAtFirstColon(entry);
  return tail ? { name: head, value: tail } : { name: "", value: head };
}

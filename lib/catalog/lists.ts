// Parsing of the catalogue's "text: text" list entries. Pure: client components may import it.

/** Splits at the FIRST colon: "¿Incluye soporte?: Sí, 24/7" → question and answer. */
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

// ---------------------------------------------------------------------------------------
// The forms' list fields. A list is edited as text and sent as an array of strings.
// Products: features, videos, specifications, benefits and use cases split on commas OR
// newlines; the FAQ on newlines only. Services: specifications, benefits, use cases and the
// FAQ on newlines; videos on commas. The service form's features split like the product's
// (commas or newlines), so the one list a person types the same way in both forms behaves the
// same way in both. (The gallery is not typed: it is picked from the media library.)
// ---------------------------------------------------------------------------------------

export const CATALOG_LIST_FIELDS = ["features", "videos", "specifications", "benefits", "use_cases", "faq"] as const;
export type CatalogListField = (typeof CATALOG_LIST_FIELDS)[number];

/** How a list's text becomes entries. */
export type ListSplit = "commas-or-newlines" | "newlines" | "commas";

export const CATALOG_LIST_SPLITS: Record<"product" | "service", Record<CatalogListField, ListSplit>> = {
  product: {
    features: "commas-or-newlines",
    videos: "commas-or-newlines",
    specifications: "commas-or-newlines",
    benefits: "commas-or-newlines",
    use_cases: "commas-or-newlines",
    faq: "newlines",
  },
  service: {
    features: "commas-or-newlines",
    videos: "commas",
    specifications: "newlines",
    benefits: "newlines",
    use_cases: "newlines",
    faq: "newlines",
  },
};

const SEPARATORS: Record<ListSplit, RegExp> = {
  "commas-or-newlines": /,|\r\n|\r|\n/,
  newlines: /\r\n|\r|\n/,
  commas: /,/,
};

/** The entries of a list typed as text: split by the rule, each trimmed, blanks dropped. */
export function splitList(text: string | null | undefined, rule: ListSplit): string[] {
  if (!text) return [];
  return text
    .split(SEPARATORS[rule])
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

/** A stored list as the form shows it: one entry per line (comma-only lists: ", " between entries). */
export function joinList(values: readonly string[] | null | undefined, rule: ListSplit): string {
  return (values ?? []).join(rule === "commas" ? ", " : "\n");
}

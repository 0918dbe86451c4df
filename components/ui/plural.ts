// Counts in Spanish text, singular or plural by the count, so no screen writes "1 mensajes" or
// "el mensaje de 1 mensajes". Pure: client and server components use it.

const integer = new Intl.NumberFormat("es-PE");

/** "1 mensaje", "3 mensajes", "1,200 mensajes". */
export function countLabel(count: number, singular: string, plural: string): string {
  return `${integer.format(count)} ${count === 1 ? singular : plural}`;
}

/** The word alone, by count: plural(1, "eliminado", "eliminados") → "eliminado". */
export function plural(count: number, singular: string, pluralForm: string): string {
  return count === 1 ? singular : pluralForm;
}

/**
 * A paged list's total as screens write it: "1,250", or "más de 1,000" when the count stopped
 * at its bound (`total_capped`: the list has more rows than `total`; lib/list/paging.ts).
 */
export function totalLabel(page: { total: number; total_capped: boolean }): string {
  return `${page.total_capped ? "más de " : ""}${integer.format(page.total)}`;
}

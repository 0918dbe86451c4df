import { Prisma } from "@/lib/generated/prisma/client";

// The admin lists' word search over a search_text column that triggers keep lower-case and
// unaccented (contact messages, users, invoices, payments, subscriptions, tickets): every word of
// the query must appear somewhere in it, accents and letter case ignored.

/** The words of a query, each once, at most 8. */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  return [...new Set(q.split(/\s+/).filter(Boolean))].slice(0, 8);
}

/** LIKE's wildcards typed by a person are searched literally. */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A word written as the search columns keep text: lower-case, its accents dropped ("Peña" → "pena"). */
export function foldForSearch(word: string): string {
  return word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** A Prisma condition per word of q on a model's searchText column (none without a query). */
export function searchTextConditions(q: string | undefined): { searchText: { contains: string } }[] {
  return searchTerms(q).map((term) => ({ searchText: { contains: escapeLike(foldForSearch(term)) } }));
}

/** searchTextConditions in SQL, on a search_text column such as Prisma.sql`i.search_text`. */
export function searchTextSql(q: string | undefined, column: Prisma.Sql): Prisma.Sql[] {
  return searchTerms(q).map((term) => Prisma.sql`${column} LIKE ${`%${escapeLike(foldForSearch(term))}%`}`);
}

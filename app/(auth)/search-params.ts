export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** One value of a query parameter (the first when repeated). */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

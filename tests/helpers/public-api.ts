// Calls to the public REST API's route handlers (no caller, no session) and the checks its
// integration tests share (tests/api-public-*.test.ts): answers compared with the database,
// snake_case keys, and 422s with Spanish field errors.
import { expect } from "vitest";
import type { Json } from "./auth";

export type { Json };
export type ListHandler = (request: Request, context: { params: Promise<Record<string, never>> }) => Promise<Response>;
export type DetailHandler = (request: Request, context: { params: Promise<{ slug: string }> }) => Promise<Response>;

const BASE = "http://localhost";
const noParams = { params: Promise.resolve({}) } as { params: Promise<Record<string, never>> };

export async function callList(handler: ListHandler, path: string) {
  const response = await handler(new Request(`${BASE}${path}`), noParams);
  return { response, body: (await response.json()) as Json };
}

export async function callDetail(handler: DetailHandler, path: string, slug: string) {
  const response = await handler(new Request(`${BASE}${path}/${encodeURIComponent(slug)}`), { params: Promise.resolve({ slug }) });
  return { response, body: (await response.json()) as Json };
}

export async function listData(handler: ListHandler, path: string): Promise<Json[]> {
  const { response, body } = await callList(handler, path);
  expect(response.status, `${path} → ${JSON.stringify(body)}`).toBe(200);
  expect(Object.keys(body)).toEqual(["data"]);
  expect(Array.isArray(body.data)).toBe(true);
  return body.data as Json[];
}

export const ids = (items: Json[]) => items.map((item) => item.id);

/**
 * Other test files share the database and may add or remove rows at the same moment:
 * compare the answer with the database, and on a mismatch ask both once more.
 */
export async function expectSameIds(answer: () => Promise<Json[]>, expected: () => Promise<number[]>) {
  let actual: unknown[] = [];
  let wanted: number[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    wanted = await expected();
    actual = ids(await answer());
    if (JSON.stringify(actual) === JSON.stringify(wanted)) break;
  }
  expect(actual).toEqual(wanted);
  return wanted;
}

/** Every key at every depth of a response is snake_case: no camelCase leaks. */
export function expectSnakeCaseKeys(value: unknown, path = "$") {
  if (Array.isArray(value)) return value.forEach((entry, i) => expectSnakeCaseKeys(entry, `${path}[${i}]`));
  if (value && typeof value === "object") {
    for (const [key, entry] of Object.entries(value)) {
      expect(key, `${path}.${key}`).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
      expectSnakeCaseKeys(entry, `${path}.${key}`);
    }
  }
}

export async function expect422(handler: ListHandler, path: string, field: string) {
  const { response, body } = await callList(handler, path);
  expect(response.status, `${path} → ${JSON.stringify(body).slice(0, 300)}`).toBe(422);
  expect(typeof body.message).toBe("string");
  const errors = body.errors as Record<string, string[]>;
  expect(Object.keys(errors)).toContain(field);
  expect(errors[field].length).toBeGreaterThan(0);
  for (const message of errors[field]) {
    expect(message).toMatch(/[a-záéíóúñ]/i);
    expect(message).not.toMatch(/^(Invalid|Expected|Too)/); // zod's English defaults never reach a client
  }
  // The refused value is never echoed back (a 10 kB value must not come back as 10 kB).
  expect(JSON.stringify(body).length).toBeLessThan(600);
  return body;
}

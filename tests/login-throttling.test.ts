// Login throttling that cannot be turned against the owner: failures count per account and address,
// so strangers' failures never lock the owner out, while one address and a crowd of addresses are
// both slowed. Through POST /api/v1/auth/login (the Auth.js login and the server action share
// authenticateWithPassword); each call comes from the address the test names, as our server layer
// would report it.
import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/v1/auth/login/route";
import { LOGIN_ACCOUNT_FAILURE_THRESHOLD, LOGIN_FAILURE_LIMIT } from "@/lib/auth/accounts";
import { call, createTestUser, fakeIp, uniqueTag } from "./helpers/auth";

/** Each test runs a dozen or more bcrypt comparisons at cost 12 on a busy 2-core machine. */
const SLOW = 120_000;
const WRONG = "incorrecta-123";

async function victim() {
  const password = `Clave#${uniqueTag()}`;
  return { ...(await createTestUser({ password })), password };
}

const attempt = (email: string, password: string, ip: string) => call(login, "/api/v1/auth/login", { ip, body: { email, password } });

function expectRefused(answer: Awaited<ReturnType<typeof attempt>>) {
  expect(answer.status).toBe(429);
  const retryAfter = Number(answer.response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(LOGIN_FAILURE_LIMIT.windowSeconds);
  expect(answer.body.message).toMatch(/Demasiad/);
  expect(answer.body.token).toBeUndefined();
}

describe("login throttling", () => {
  it(`lets the owner in from a clean address after ${LOGIN_FAILURE_LIMIT.limit} failures from ${LOGIN_FAILURE_LIMIT.limit} other addresses`, async () => {
    const user = await victim();
    for (let i = 1; i <= LOGIN_FAILURE_LIMIT.limit; i++) {
      expect((await attempt(user.email, WRONG, fakeIp())).status, `failure ${i}`).toBe(401);
    }
    const owner = await attempt(user.email, user.password, fakeIp());
    expect(owner.status).toBe(200);
    expect(typeof owner.body.token).toBe("string");
  }, SLOW);

  it(`refuses one address its ${LOGIN_FAILURE_LIMIT.limit + 1}th attempt on an account with 429 and Retry-After, even with the right password; the owner elsewhere is not affected`, async () => {
    const user = await victim();
    const attacker = fakeIp();
    for (let i = 1; i <= LOGIN_FAILURE_LIMIT.limit; i++) {
      expect((await attempt(user.email, WRONG, attacker)).status, `failure ${i}`).toBe(401);
    }
    expectRefused(await attempt(user.email, WRONG, attacker));
    expectRefused(await attempt(user.email, user.password, attacker));
    expect((await attempt(user.email, user.password, fakeIp())).status).toBe(200);
  }, SLOW);

  it("slows a distributed guess: once the account has had its failures, each further address gets one guess, then 429", async () => {
    const user = await victim();
    const first = fakeIp();
    for (let i = 1; i <= LOGIN_ACCOUNT_FAILURE_THRESHOLD; i++) {
      expect((await attempt(user.email, WRONG, first)).status, `failure ${i}`).toBe(401);
    }
    let guesses = 0;
    for (let i = 0; i < 4; i++) {
      const helper = fakeIp();
      const answers = [await attempt(user.email, WRONG, helper), await attempt(user.email, `${WRONG}-${i}`, helper)];
      guesses += answers.filter((answer) => answer.status === 401).length;
      expectRefused(answers[1]);
    }
    expect(guesses).toBe(4); // one per address, not LOGIN_FAILURE_LIMIT.limit per address
    // Even the right password is refused to an address that already guessed wrong…
    const helper = fakeIp();
    expect((await attempt(user.email, WRONG, helper)).status).toBe(401);
    expectRefused(await attempt(user.email, user.password, helper));
    // …but never to the owner's own address.
    expect((await attempt(user.email, user.password, fakeIp())).status).toBe(200);
  }, SLOW);

  it("does not let attempts sent all at once from one address slip past the limit", async () => {
    const user = await victim();
    const attacker = fakeIp();
    const answers = await Promise.all(Array.from({ length: LOGIN_FAILURE_LIMIT.limit + 6 }, () => attempt(user.email, WRONG, attacker)));
    const statuses = answers.map((answer) => answer.status);
    const guesses = statuses.filter((status) => status === 401).length;
    expect(guesses).toBeGreaterThan(0);
    expect(guesses).toBeLessThanOrEqual(LOGIN_FAILURE_LIMIT.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(statuses.length - guesses);
    // Refused attempts did not count; the address has exactly its remaining guesses left.
    for (let i = guesses + 1; i <= LOGIN_FAILURE_LIMIT.limit; i++) {
      expect((await attempt(user.email, WRONG, attacker)).status, `failure ${i}`).toBe(401);
    }
    expectRefused(await attempt(user.email, user.password, attacker));
  }, SLOW);

});

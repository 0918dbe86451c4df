/** The session secret of the test runs: also the key the seeded test certificate is sealed with. */
export const TEST_AUTH_SECRET = "test-secret-for-vitest-only-0123456789abcdef";

import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.AUTH_SECRET ||= "test-secret-for-vitest-only-0123456789abcdef";

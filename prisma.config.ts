import { defineConfig } from "prisma/config";

// Prisma's CLI is used here only for `prisma generate`. Migrations are applied by
// `npm run db:deploy` (prisma/migrate.ts), which needs no native engine.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: {
    path: "prisma/migrations",
    seed: "tsx prisma/seed.ts",
  },
  ...(process.env.DATABASE_URL ? { datasource: { url: process.env.DATABASE_URL } } : {}),
});

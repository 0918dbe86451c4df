// One fresh, migrated and seeded database for the whole run; test files get its URL
// as DATABASE_URL (tests/setup/env.ts) before anything imports lib/db.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createPrismaClient } from "../../lib/db";
import { deployMigrations } from "../../prisma/migrate";
import { seedDatabase } from "../../prisma/seed";
import { createTestDatabase } from "./databases";
import { TEST_AUTH_SECRET } from "./secrets";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    mediaDir: string;
  }
}

export default async function setup(project: TestProject) {
  // The seed seals its test certificate with the same key the test files open it with.
  process.env.AUTH_SECRET ||= TEST_AUTH_SECRET;
  // Uploaded files (the seed's demo uploads, the tests' own) go to a folder of this run.
  const mediaDir = mkdtempSync(path.join(tmpdir(), "vitest-media-"));
  process.env.MEDIA_DIR = mediaDir;
  for (const name of ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]) delete process.env[name];
  const database = await createTestDatabase("vitest");
  await deployMigrations(database.url, { log: () => {} });
  const db = createPrismaClient(database.url);
  try {
    await seedDatabase(db);
  } catch (error) {
    await database.drop();
    throw new Error(
      "Seeding the test database failed. If schema.prisma changed, add its migration (npm run db:diff -- --create <name>).",
      { cause: error },
    );
  } finally {
    await db.$disconnect();
  }
  project.provide("databaseUrl", database.url);
  project.provide("mediaDir", mediaDir);
  return async () => {
    await database.drop();
    rmSync(mediaDir, { recursive: true, force: true });
  };
}

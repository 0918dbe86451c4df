import { inject } from "vitest";
import { TEST_AUTH_SECRET } from "./secrets";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.MEDIA_DIR = inject("mediaDir");
process.env.AUTH_SECRET ||= TEST_AUTH_SECRET;

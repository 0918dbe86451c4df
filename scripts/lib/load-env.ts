// Loads .env files exactly as Next does (.env, .env.local, .env.production…), so the
// scripts and the app they start read the same configuration.
import nextEnv from "@next/env";

nextEnv.loadEnvConfig(process.cwd(), process.argv[2] === "dev");

-- Scheduled jobs run once across app instances (lib/jobs/claim.ts): one row per job, claimed
-- for a lease that the running instance renews.
CREATE TABLE "job_claims" (
    "job" VARCHAR(100) NOT NULL,
    "owner" VARCHAR(200) NOT NULL,
    "claimed_at" TIMESTAMP(3) NOT NULL,
    "claimed_until" TIMESTAMP(3) NOT NULL,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "job_claims_pkey" PRIMARY KEY ("job")
);

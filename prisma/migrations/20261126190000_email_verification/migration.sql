-- E-mail addresses are verified before they are trusted: single-use links (24 h), of which only
-- the SHA-256 is kept, each bound to the address it was sent to.
CREATE TABLE "email_verification_tokens" (
    "id" SERIAL NOT NULL,
    "user_id" TEXT NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_verification_tokens_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "email_verification_tokens_token_hash_key" ON "email_verification_tokens"("token_hash");

CREATE INDEX "email_verification_tokens_user_id_idx" ON "email_verification_tokens"("user_id");

ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Notifications announced to the admins are read only while the reader is an admin.
ALTER TABLE "notifications" ADD COLUMN "admin_only" BOOLEAN NOT NULL DEFAULT false;

-- Every admin notification so far leads into the back office.
UPDATE "notifications" SET "admin_only" = true WHERE "link" LIKE '/admin/%';

-- Users demoted before this migration keep none of them.
DELETE FROM "notifications" n
USING "users" u
WHERE n."user_id" = u."id" AND n."admin_only" AND u."role" <> 'admin';

-- Accounts that Google created (no password of their own) got their address from Google, which
-- had verified it; every other existing address is verified from now on by following a link.
UPDATE "users" u SET "email_verified" = u."created_at"
WHERE u."email_verified" IS NULL AND u."password_hash" IS NULL
  AND EXISTS (SELECT 1 FROM "accounts" a WHERE a."user_id" = u."id" AND a."provider" = 'google');

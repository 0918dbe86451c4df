-- CreateTable
CREATE TABLE "sitemap_checks" (
    "id" SERIAL NOT NULL,
    "checked_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ok" BOOLEAN NOT NULL,
    "status_code" INTEGER,
    "response_ms" INTEGER NOT NULL,

    CONSTRAINT "sitemap_checks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sitemap_seo_audits" (
    "id" SERIAL NOT NULL,
    "checked_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "score" INTEGER NOT NULL,
    "passed" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    "checked_urls" INTEGER NOT NULL,
    "urls_hash" VARCHAR(64) NOT NULL,
    "issues" JSONB NOT NULL,

    CONSTRAINT "sitemap_seo_audits_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sitemap_checks_checked_at_idx" ON "sitemap_checks"("checked_at");

-- CreateIndex
CREATE INDEX "sitemap_seo_audits_checked_at_idx" ON "sitemap_seo_audits"("checked_at");

-- CreateTable
CREATE TABLE "catalog_item_versions" (
    "id" SERIAL NOT NULL,
    "item_id" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "snapshot" JSONB NOT NULL,
    "changed_fields" TEXT[],
    "restored_from" INTEGER,
    "author_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "catalog_item_versions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "catalog_item_versions_author_id_idx" ON "catalog_item_versions"("author_id");

-- CreateIndex
CREATE UNIQUE INDEX "catalog_item_versions_item_id_version_key" ON "catalog_item_versions"("item_id", "version");

-- AddForeignKey
ALTER TABLE "catalog_item_versions" ADD CONSTRAINT "catalog_item_versions_item_id_fkey" FOREIGN KEY ("item_id") REFERENCES "catalog_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "catalog_item_versions" ADD CONSTRAINT "catalog_item_versions_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

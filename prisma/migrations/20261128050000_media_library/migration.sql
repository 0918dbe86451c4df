-- CreateEnum
CREATE TYPE "media_source" AS ENUM ('upload', 'site');

-- CreateTable
CREATE TABLE "catalog_item_gallery" (
    "item_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "media_id" INTEGER NOT NULL,

    CONSTRAINT "catalog_item_gallery_pkey" PRIMARY KEY ("item_id","position")
);

-- CreateTable
CREATE TABLE "media_items" (
    "id" SERIAL NOT NULL,
    "source" "media_source" NOT NULL DEFAULT 'upload',
    "key" VARCHAR(32),
    "site_path" VARCHAR(2048),
    "file_name" VARCHAR(255) NOT NULL,
    "mime" VARCHAR(40) NOT NULL,
    "bytes" INTEGER NOT NULL DEFAULT 0,
    "width" INTEGER,
    "height" INTEGER,
    "alt" VARCHAR(300) NOT NULL DEFAULT '',
    "focal_x" SMALLINT,
    "focal_y" SMALLINT,
    "content_hash" CHAR(64),
    "original_key" VARCHAR(300),
    "variants" JSONB NOT NULL DEFAULT '[]',
    "sizes_signature" VARCHAR(32),
    "placeholder" VARCHAR(4000),
    "uploaded_by_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "media_items_pkey" PRIMARY KEY ("id")
);

-- The images the pages already use become items of the media library: every site path
-- ("/images/…") named by a product's or service's main image or gallery, or by a testimonial,
-- is one item of source "site" (served from public/ as before), and the rows point at it.
-- Its alt text comes from the first record that used it. External URLs were never shown by the
-- public pages (their CSP loads our own images only) and the version history keeps them.
ALTER TABLE "catalog_items" ADD COLUMN "image_id" INTEGER;
ALTER TABLE "testimonials" ADD COLUMN "image_id" INTEGER;

WITH "used" AS (
  SELECT "image" AS "path", 'Imagen de ' || "name" AS "alt", 1 AS "rank", "id" AS "owner", 0 AS "position"
    FROM "catalog_items" WHERE "image" IS NOT NULL
  UNION ALL
  SELECT g."path", left(c."name", 260) || ': imagen ' || g."position", 2, c."id", g."position"::int
    FROM "catalog_items" c, unnest(c."gallery_images") WITH ORDINALITY AS g("path", "position")
  UNION ALL
  SELECT "image", 'Foto de ' || "client_name", 3, "id", 0
    FROM "testimonials" WHERE "image" IS NOT NULL
), "local" AS (
  SELECT DISTINCT ON ("path") "path", left("alt", 300) AS "alt"
    FROM "used"
   WHERE "path" LIKE '/%' AND "path" NOT LIKE '//%' AND length("path") <= 2048
   ORDER BY "path", "rank", "owner", "position"
)
INSERT INTO "media_items" ("source", "site_path", "file_name", "mime", "alt", "updated_at")
SELECT 'site', "path",
       left(regexp_replace("path", '^.*/', ''), 255),
       CASE lower(substring("path" from '\.([A-Za-z0-9]+)$'))
         WHEN 'svg' THEN 'image/svg+xml' WHEN 'png' THEN 'image/png' WHEN 'jpg' THEN 'image/jpeg'
         WHEN 'jpeg' THEN 'image/jpeg' WHEN 'webp' THEN 'image/webp' WHEN 'avif' THEN 'image/avif'
         WHEN 'gif' THEN 'image/gif' ELSE 'application/octet-stream' END,
       "alt", CURRENT_TIMESTAMP
  FROM "local"
 ORDER BY "path";

UPDATE "catalog_items" c SET "image_id" = m."id" FROM "media_items" m WHERE m."site_path" = c."image";
UPDATE "testimonials" t SET "image_id" = m."id" FROM "media_items" m WHERE m."site_path" = t."image";

INSERT INTO "catalog_item_gallery" ("item_id", "position", "media_id")
SELECT c."id", (row_number() OVER (PARTITION BY c."id" ORDER BY g."position") - 1)::int, m."id"
  FROM "catalog_items" c
 CROSS JOIN LATERAL unnest(c."gallery_images") WITH ORDINALITY AS g("path", "position")
  JOIN "media_items" m ON m."site_path" = g."path";

ALTER TABLE "catalog_items" DROP COLUMN "gallery_images", DROP COLUMN "image";
ALTER TABLE "testimonials" DROP COLUMN "image";

-- CreateIndex
CREATE INDEX "catalog_item_gallery_media_id_idx" ON "catalog_item_gallery"("media_id");

-- CreateIndex
CREATE UNIQUE INDEX "media_items_key_key" ON "media_items"("key");

-- CreateIndex
CREATE UNIQUE INDEX "media_items_site_path_key" ON "media_items"("site_path");

-- CreateIndex
CREATE INDEX "media_items_created_at_idx" ON "media_items"("created_at");

-- CreateIndex
CREATE INDEX "media_items_uploaded_by_id_idx" ON "media_items"("uploaded_by_id");

-- CreateIndex
CREATE INDEX "catalog_items_image_id_idx" ON "catalog_items"("image_id");

-- CreateIndex
CREATE INDEX "testimonials_image_id_idx" ON "testimonials"("image_id");

-- AddForeignKey
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_image_id_fkey" FOREIGN KEY ("image_id") REFERENCES "media_items"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_image_id_fkey" FOREIGN KEY ("image_id") REFERENCES "media_items"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "catalog_item_gallery" ADD CONSTRAINT "catalog_item_gallery_item_id_fkey" FOREIGN KEY ("item_id") REFERENCES "catalog_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "catalog_item_gallery" ADD CONSTRAINT "catalog_item_gallery_media_id_fkey" FOREIGN KEY ("media_id") REFERENCES "media_items"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_uploaded_by_id_fkey" FOREIGN KEY ("uploaded_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- An upload has its folder and original; a site file has its path; percentages stay in range.
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_source_fields" CHECK (
  ("source" = 'upload' AND "key" IS NOT NULL AND "original_key" IS NOT NULL AND "content_hash" IS NOT NULL)
  OR ("source" = 'site' AND "site_path" IS NOT NULL));
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_focal_range" CHECK (
  ("focal_x" IS NULL AND "focal_y" IS NULL)
  OR ("focal_x" BETWEEN 0 AND 100 AND "focal_y" BETWEEN 0 AND 100));
ALTER TABLE "catalog_item_gallery" ADD CONSTRAINT "catalog_item_gallery_position_nonnegative" CHECK ("position" >= 0);

// `npm run media:regenerate`: rebuilds the derived sizes of every uploaded image whose sizes were
// made with another size configuration (MEDIA_SIZES in lib/media/config.ts), always from the
// original, never from a derived file; then deletes the files of sizes no longer named.
// Resumable: each image is saved as soon as it is rebuilt, so a run that stops is simply run
// again and goes on with the images still pending. `--all` rebuilds every upload.
import "./lib/load-env";
import { db } from "../lib/db";
import { MEDIA_SIZES, sizesSignature } from "../lib/media/config";
import { regenerateMediaSizes } from "../lib/media/service";

async function main() {
  const all = process.argv.includes("--all");
  const signature = sizesSignature(MEDIA_SIZES);
  const where = { source: "upload" as const, ...(all ? {} : { OR: [{ sizesSignature: null }, { sizesSignature: { not: signature } }] }) };
  const total = await db.mediaItem.count({ where });
  console.log(total === 0 ? "Todas las imágenes ya tienen los tamaños configurados." : `Imágenes por regenerar: ${total}.`);
  let done = 0;
  let missing = 0;
  let failed = 0;
  let lastId = 0;
  for (;;) {
    const batch = await db.mediaItem.findMany({ where: { ...where, id: { gt: lastId } }, orderBy: { id: "asc" }, take: 20 });
    if (batch.length === 0) break;
    for (const row of batch) {
      lastId = row.id;
      const started = Date.now();
      try {
        const ok = await regenerateMediaSizes(row);
        done += 1;
        if (!ok) missing += 1;
        console.log(`[${done}/${total}] ${row.fileName} (#${row.id}): ${ok ? `listo en ${Date.now() - started} ms` : "falta el original en el almacenamiento, se deja como está"}`);
      } catch (error) {
        done += 1;
        failed += 1;
        console.error(`[${done}/${total}] ${row.fileName} (#${row.id}): error: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  console.log(`Regeneración terminada: ${done - missing - failed} regenerada(s), ${missing} sin original, ${failed} con error.`);
  return failed > 0 || missing > 0 ? 1 : 0;
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error("[media] la regeneración falló:", error instanceof Error ? error.message : error);
    process.exit(1);
  });

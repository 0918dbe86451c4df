import type { MediaImageSet } from "@/lib/media/serialize";
import { CardCover, GRID_CARD_SIZES, MediaPicture } from "../media";

// The detail page's images, rendered on the server and handed to the (client) view as elements.

/**
 * The hero's column: the whole container below lg; from lg, 1/2.1 of the grid (1.1fr + 1fr,
 * 4rem gap) in 80rem, i.e. about 549px at 1280px and 48vw below.
 */
const HERO_SIZES = "(min-width: 1280px) 549px, (min-width: 1024px) 48vw, 100vw";

/** The main image: above the fold, so fetched at once and first (the page's likely LCP). */
export function DetailCover({ image, kind }: { image: MediaImageSet | null; kind: "product" | "service" }) {
  return <CardCover image={image} sizes={HERO_SIZES} variant={kind} priority />;
}

/** The gallery: tiles of 16:10 in the card grid, loaded as they come near the viewport. */
export function DetailGallery({ images, itemName }: { images: MediaImageSet[]; itemName: string }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {images.map((image, index) => (
        // The same image may appear twice in a gallery: the position is the key.
        <li key={index}>
          <figure className="overflow-hidden rounded-2xl border border-ink-200 bg-ink-50 shadow-card">
            <MediaPicture
              image={image}
              alt={image.alt.trim() || `${itemName}: imagen ${index + 1} de ${images.length}`}
              sizes={GRID_CARD_SIZES}
              width={640}
              height={400}
              className="aspect-[16/10] w-full object-cover"
            />
          </figure>
        </li>
      ))}
    </ul>
  );
}

import type { CSSProperties } from "react";
import { Icon } from "@/components/icons/icon";
import { cn } from "@/components/ui/cn";
import type { FocalPoint, MediaImageSet } from "@/lib/media/serialize";

/** Only images served by this site are shown (no third-party requests); anything else gets the placeholder. */
export function isLocalImage(src: string | null | undefined): src is string {
  return typeof src === "string" && src.startsWith("/") && !src.startsWith("//");
}

/**
 * A local image as a plain lazy <img>. The images are served as they are (no optimizer), so
 * next/image only added its client component's props to the RSC payload and data-nimg/style
 * attributes to the HTML.
 */
export function Img({ src, alt, width, height, className }: { src: string; alt: string; width: number; height: number; className?: string }) {
  // eslint-disable-next-line @next/next/no-img-element -- see above
  return <img src={src} alt={alt} width={width} height={height} loading="lazy" decoding="async" className={className} />;
}

/** The files of a srcset ("/media/k/f-320-h.jpg 320w, …"), narrowest first. */
function srcsetFiles(srcset: string): { url: string; width: number }[] {
  return srcset
    .split(",")
    .map((entry) => entry.trim().split(/\s+/))
    .filter(([url]) => Boolean(url))
    .map(([url, descriptor]) => ({ url, width: Number.parseInt(descriptor ?? "", 10) || 0 }))
    .sort((a, b) => a.width - b.width);
}

/** The widest file of the fallback format (share images, structured data); a site image's own path. */
export function largestImageFile(image: MediaImageSet): string {
  return srcsetFiles(image.srcset).at(-1)?.url ?? image.src;
}

/** The narrowest file of the fallback format (thumbnails); a site image's own path. */
export function smallestImageFile(image: MediaImageSet): string {
  return srcsetFiles(image.srcset)[0]?.url ?? image.src;
}

/** A crop keeps the focal point in view: object-position in percent of the image. */
function focalPosition(focal: FocalPoint | null): string | undefined {
  if (!focal) return undefined;
  const percent = (value: number) => `${Math.min(Math.max(Math.round(value), 0), 100)}%`;
  return `${percent(focal.x)} ${percent(focal.y)}`;
}

/**
 * The placeholder as a CSS url(): only a small base64 data URL of an image (what processing
 * makes), so it can stand unquoted and nothing else reaches the style attribute.
 */
function placeholderUrl(placeholder: string | null): string | null {
  if (!placeholder || placeholder.length > MAX_PLACEHOLDER_LENGTH) return null;
  return /^data:image\/(?:webp|avif|png|jpeg|gif);base64,[A-Za-z0-9+/]+=*$/.test(placeholder) ? `url(${placeholder})` : null;
}

/** A placeholder is a few hundred bytes; anything far larger would only weigh down the page. */
const MAX_PLACEHOLDER_LENGTH = 4096;

/**
 * An image of the media library. An upload is a <picture>: one <source> per modern format
 * (AVIF before WebP, the browser takes the first it supports) and an <img> in the original's
 * format for the rest, all with the same `sizes`, which must describe the box's real width at
 * each viewport. A site image (the repository's own SVGs) has no sizes: a plain <img>.
 *
 * - width/height are the image's own (so the box is reserved before any byte arrives); a site
 *   image without them takes the box's ratio from `width`/`height`.
 * - lazy unless `priority` (the one image above the fold: eager, fetched with high priority).
 * - the focal point becomes object-position, so an object-cover crop keeps it in view.
 * - the placeholder is the <img>'s own background (as next/image draws its blur): it shows in
 *   the reserved box while the file loads and the image simply covers it. No script involved.
 */
export function MediaPicture({ image, sizes, className, priority = false, alt, width, height }: {
  image: MediaImageSet;
  sizes: string;
  className?: string;
  priority?: boolean;
  /** Overrides the library's alt text (only for an image the text next to it already names). */
  alt?: string;
  /** The box's ratio, used when the image has no size of its own. */
  width: number;
  height: number;
}) {
  const position = focalPosition(image.focal_point);
  const placeholder = placeholderUrl(image.placeholder);
  const style: CSSProperties | undefined =
    position || placeholder
      ? {
          objectPosition: position,
          ...(placeholder && { backgroundImage: placeholder, backgroundSize: "cover", backgroundPosition: position ?? "center" }),
        }
      : undefined;
  const hasSizes = image.srcset !== "";
  const img = (
    // eslint-disable-next-line @next/next/no-img-element -- served as stored, no optimizer (see Img)
    <img
      src={image.src}
      srcSet={hasSizes ? image.srcset : undefined}
      sizes={hasSizes ? sizes : undefined}
      alt={alt ?? image.alt}
      width={image.width ?? width}
      height={image.height ?? height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={className}
      style={style}
    />
  );
  if (!hasSizes) return img;
  const sources = [...image.sources].sort((a, b) => formatRank(a.type) - formatRank(b.type));
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}

/** AVIF first, then WebP: the browser uses the first <source> whose type it supports. */
function formatRank(type: string): number {
  return type === "image/avif" ? 0 : type === "image/webp" ? 1 : 2;
}

/**
 * `sizes` of a card (or gallery tile) in the grids `sm:grid-cols-2 lg:grid-cols-3` inside the
 * page's 80rem container: a third of 1152px from 1280px up, about a third or a half of the
 * viewport below, the whole width on phones.
 */
export const GRID_CARD_SIZES = "(min-width: 1280px) 384px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

/** A card's cover: the library image, or a branded placeholder drawing. */
export function CardCover({ image, sizes, variant = "product", ratio = "video", priority, className }: {
  image: MediaImageSet | null;
  /** The cover's width at each viewport (see MediaPicture). */
  sizes: string;
  variant?: "product" | "service";
  /** video = 16:9, wide = 2:1 */
  ratio?: "video" | "wide";
  priority?: boolean;
  className?: string;
}) {
  return (
    <div className={cn("cover", ratio === "wide" ? "aspect-[2/1]" : "aspect-video", className)}>
      {image && isLocalImage(image.src) ? (
        <MediaPicture
          image={image}
          sizes={sizes}
          priority={priority}
          width={640}
          height={ratio === "wide" ? 320 : 360}
          className="size-full object-cover"
        />
      ) : variant === "service" ? (
        // Service cards carry their own category icon, so the placeholder is only a soft pattern.
        <div aria-hidden="true" className="size-full bg-[radial-gradient(rgb(31_55_203/0.12)_1px,transparent_1px)] bg-[size:16px_16px]" />
      ) : (
        <div aria-hidden="true" className="flex size-full items-center justify-center">
          <div className="grid size-16 place-items-center rounded-2xl bg-white/80 text-brand-700 shadow-sm ring-1 ring-brand-100">
            <Icon name="cube" className="size-8" />
          </div>
        </div>
      )}
    </div>
  );
}

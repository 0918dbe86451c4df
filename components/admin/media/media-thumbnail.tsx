import { cn } from "@/components/ui/cn";
import type { MediaContract } from "@/lib/media/serialize";

/** An item as the library and the pickers hold it (list items also carry their thumbnail's URL). */
export type ThumbnailMedia = Pick<MediaContract, "url" | "sizes" | "focal_point"> & { thumbnail_url?: string };

/** The smallest WebP size (or the smallest of any format), else the image's own URL. */
export function thumbnailSource(item: ThumbnailMedia): string {
  if (item.thumbnail_url) return item.thumbnail_url;
  const sizes = [...item.sizes].sort((a, b) => a.width - b.width);
  return (sizes.find((size) => size.format === "webp") ?? sizes[0])?.url ?? item.url;
}

/** A library thumbnail, cropped around the image's focal point. Decorative: the name or alt text is beside it. */
export function MediaThumbnail({ item, className }: { item: ThumbnailMedia; className?: string }) {
  const position = item.focal_point ? `${item.focal_point.x}% ${item.focal_point.y}%` : undefined;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a library thumbnail at its own URL
    <img
      src={thumbnailSource(item)}
      alt=""
      loading="lazy"
      decoding="async"
      width={160}
      height={160}
      className={cn("shrink-0 bg-ink-100 object-cover", className)}
      style={position ? { objectPosition: position } : undefined}
    />
  );
}

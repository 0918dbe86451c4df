import { Icon } from "@/components/icons/icon";
import { cn } from "@/components/ui/cn";

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

/** A card's cover: the local image, or a branded placeholder drawing. */
export function CardCover({ src, alt, variant = "product", ratio = "video", className }: {
  src: string | null;
  alt: string;
  variant?: "product" | "service";
  /** video = 16:9, wide = 2:1 */
  ratio?: "video" | "wide";
  className?: string;
}) {
  return (
    <div className={cn("cover", ratio === "wide" ? "aspect-[2/1]" : "aspect-video", className)}>
      {isLocalImage(src) ? (
        <Img src={src} alt={alt} width={640} height={360} className="size-full object-cover" />
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

import Image from "next/image";
import { cn } from "@/components/ui/cn";

/** Only images served by this site are shown (no third-party requests); anything else gets the placeholder. */
export function isLocalImage(src: string | null | undefined): src is string {
  return typeof src === "string" && src.startsWith("/") && !src.startsWith("//");
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
    <div className={cn("relative overflow-hidden", ratio === "wide" ? "aspect-[2/1]" : "aspect-video", "bg-gradient-to-br from-brand-100 via-brand-50 to-teal-50", className)}>
      {isLocalImage(src) ? (
        <Image src={src} alt={alt} width={640} height={360} unoptimized className="size-full object-cover" />
      ) : variant === "service" ? (
        // Service cards carry their own category icon, so the placeholder is only a soft pattern.
        <div aria-hidden="true" className="size-full bg-[radial-gradient(rgb(31_55_203/0.12)_1px,transparent_1px)] bg-[size:16px_16px]" />
      ) : (
        <div aria-hidden="true" className="flex size-full items-center justify-center">
          <div className="grid size-16 place-items-center rounded-2xl bg-white/80 text-brand-700 shadow-sm ring-1 ring-brand-100">
            <svg viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth="1.5">
              <path strokeLinecap="round" strokeLinejoin="round" d="M21 7.5l-9-5.25L3 7.5m18 0l-9 5.25m9-5.25v9l-9 5.25M3 7.5l9 5.25M3 7.5v9l9 5.25m0-9v9" />
            </svg>
          </div>
        </div>
      )}
    </div>
  );
}

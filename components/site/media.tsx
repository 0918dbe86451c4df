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
      ) : (
        <div aria-hidden="true" className="flex size-full items-center justify-center">
          <div className="grid size-16 place-items-center rounded-2xl bg-white/80 text-brand-700 shadow-sm ring-1 ring-brand-100">
            <svg viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth="1.5">
              {variant === "product" ? (
                <path strokeLinecap="round" strokeLinejoin="round" d="M21 7.5l-9-5.25L3 7.5m18 0l-9 5.25m9-5.25v9l-9 5.25M3 7.5l9 5.25M3 7.5v9l9 5.25m0-9v9" />
              ) : (
                <path strokeLinecap="round" strokeLinejoin="round" d="M11.42 15.17L17.25 21A2.652 2.652 0 0021 17.25l-5.877-5.877M11.42 15.17l2.496-3.03c.317-.384.74-.626 1.208-.766M11.42 15.17l-4.655 5.653a2.548 2.548 0 11-3.586-3.586l6.837-5.63m5.108-.233c.55-.164 1.163-.188 1.743-.14a4.5 4.5 0 004.486-6.336l-3.276 3.277a3.004 3.004 0 01-2.25-2.25l3.276-3.276a4.5 4.5 0 00-6.336 4.486c.091 1.076-.071 2.264-.904 2.95l-.102.085m-1.745 1.437L5.909 7.5H4.5L2.25 3.75l1.5-1.5L7.5 4.5v1.409l4.26 4.26m-1.745 1.437l1.837-1.84" />
              )}
            </svg>
          </div>
        </div>
      )}
    </div>
  );
}

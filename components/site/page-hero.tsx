import type { ReactNode } from "react";
import { Container } from "@/components/ui/container";

/** The dark band that opens every public page but the home: eyebrow, h1 and an intro. */
export function PageHero({ eyebrow, title, children, id = "page-title" }: {
  eyebrow: string;
  title: string;
  children?: ReactNode;
  id?: string;
}) {
  return (
    <section aria-labelledby={id} className="on-dark relative isolate overflow-hidden bg-brand-950">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_70%_70%_at_80%_0%,rgb(61_104_241/0.45),transparent_70%),radial-gradient(ellipse_50%_60%_at_0%_100%,rgb(20_184_166/0.2),transparent_70%)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(rgb(255_255_255/0.05)_1px,transparent_1px),linear-gradient(90deg,rgb(255_255_255/0.05)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_center,black_30%,transparent_75%)] bg-[size:48px_48px]"
      />
      <Container className="py-16 sm:py-20 lg:py-24">
        <p className="text-sm font-semibold tracking-wide text-accent-300 uppercase">{eyebrow}</p>
        <h1 id={id} className="mt-3 max-w-3xl text-4xl leading-[1.1] font-extrabold tracking-tight text-balance text-white sm:text-5xl">
          {title}
        </h1>
        {children && <div className="mt-6 max-w-2xl text-lg leading-8 text-pretty text-brand-100">{children}</div>}
      </Container>
    </section>
  );
}

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
      <div aria-hidden="true" className="hero-glow" />
      <div aria-hidden="true" className="hero-grid" />
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

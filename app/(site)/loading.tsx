import { Container } from "@/components/ui/container";

/** Shown while a public page streams in after client-side navigation. */
export default function Loading() {
  return (
    <Container className="py-20">
      <div role="status" className="animate-pulse">
        <span className="sr-only">Cargando...</span>
        <div aria-hidden="true" className="h-9 w-2/3 max-w-md rounded-lg bg-ink-200" />
        <div aria-hidden="true" className="mt-4 h-5 w-full max-w-xl rounded bg-ink-100" />
        <div aria-hidden="true" className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((key) => (
            <div key={key} className="h-72 rounded-2xl bg-ink-100" />
          ))}
        </div>
      </div>
    </Container>
  );
}

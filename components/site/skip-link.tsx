/** First focusable element of every public page: jumps over the header to <main id="contenido">. */
export function SkipLink() {
  return (
    <a
      href="#contenido"
      className="skip"
    >
      Saltar al contenido
    </a>
  );
}

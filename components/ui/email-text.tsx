import { formatDate } from "@/lib/format";

// An e-mail address that, when its column is narrow, wraps before the "@" or after a dot, never
// inside a word (a table cell otherwise breaks long unbroken values anywhere). A piece longer
// than MAX_UNBROKEN characters may still break inside, so one absurd address cannot widen a table.

const MAX_UNBROKEN = 28;

/** "maria.quispe@andina.com.pe" → ["maria.", "quispe", "@andina.", "com.", "pe"]. */
export function emailPieces(email: string): string[] {
  const pieces: string[] = [];
  let current = "";
  for (const character of email) {
    if (character === "@" && current) {
      pieces.push(current);
      current = "";
    }
    current += character;
    if (character === ".") {
      pieces.push(current);
      current = "";
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

export function EmailText({ email, className }: { email: string; className?: string }) {
  const pieces = emailPieces(email);
  return (
    <span className={className}>
      {pieces.map((piece, index) => (
        <span key={index}>
          {index > 0 && <wbr />}
          <span className={piece.length <= MAX_UNBROKEN ? "whitespace-nowrap" : undefined}>{piece}</span>
        </span>
      ))}
    </span>
  );
}

/** A date and time ("27 sept 2026, 12:30") that, in a narrow column, puts the time on its own line. */
export function DateTimeText({ value }: { value: string | Date | null | undefined }) {
  const text = formatDate(value);
  const comma = text.lastIndexOf(", ");
  if (comma === -1) return <span className="whitespace-nowrap">{text}</span>;
  return (
    <span>
      <span className="whitespace-nowrap">{text.slice(0, comma + 1)}</span> <span className="whitespace-nowrap">{text.slice(comma + 2)}</span>
    </span>
  );
}

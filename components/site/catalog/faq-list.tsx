/**
 * FAQ as native disclosures (<details>/<summary>): keyboard and screen-reader friendly and
 * working without JavaScript. Each entry was split at its first colon into question and answer.
 */
export function FaqList({ entries }: { entries: { question: string; answer: string }[] }) {
  return (
    <div className="divide-y divide-ink-200 overflow-hidden rounded-2xl border border-ink-200 bg-white shadow-card">
      {entries.map((entry, index) =>
        entry.answer ? (
          <details key={index} className="group" data-testid="faq-entry">
            <summary className="flex cursor-pointer list-none items-start justify-between gap-4 px-5 py-5 text-left text-base font-semibold text-ink-900 hover:bg-ink-50 sm:px-6 [&::-webkit-details-marker]:hidden">
              <span data-testid="faq-question">{entry.question}</span>
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="mt-0.5 size-5 shrink-0 text-brand-700 transition-transform duration-200 group-open:rotate-180"
                fill="currentColor"
              >
                <path fillRule="evenodd" d="M5.23 7.21a.75.75 0 011.06.02L10 11.168l3.71-3.938a.75.75 0 111.08 1.04l-4.25 4.5a.75.75 0 01-1.08 0l-4.25-4.5a.75.75 0 01.02-1.06z" clipRule="evenodd" />
              </svg>
            </summary>
            <p className="px-5 pb-5 text-base leading-7 text-ink-600 sm:px-6" data-testid="faq-answer">
              {entry.answer}
            </p>
          </details>
        ) : (
          <p key={index} className="px-5 py-5 text-base font-semibold text-ink-900 sm:px-6" data-testid="faq-entry">
            {entry.question}
          </p>
        ),
      )}
    </div>
  );
}

import { Icon } from "@/components/icons/icon";

/**
 * FAQ as native disclosures (<details>/<summary>): keyboard and screen-reader friendly and
 * working without JavaScript. Each entry was split at its first colon into question and answer.
 */
export function FaqList({ entries }: { entries: { question: string; answer: string }[] }) {
  return (
    <div className="card divide-y divide-ink-200 overflow-hidden">
      {entries.map((entry, index) =>
        entry.answer ? (
          <details key={index} className="group" data-testid="faq-entry">
            <summary className="faq-q">
              <span data-testid="faq-question">{entry.question}</span>
              <Icon name="chevron-down" className="mt-0.5 size-5 shrink-0 text-brand-700 transition-transform duration-200 group-open:rotate-180" />
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

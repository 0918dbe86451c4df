"use client";

import Link from "next/link";
import { useId, useState } from "react";

/**
 * The list's name cell: the name links to the detail view and, on hover or keyboard
 * focus, shows a tooltip listing the item's features under "Características:". The tooltip is
 * tied to the link with aria-describedby (read by screen readers even while hidden), stays open
 * while the pointer is over it, and Escape closes it (WCAG 1.4.13).
 */
export function NameWithFeatures({ name, href, features }: { name: string; href: string; features: string[] }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const hasFeatures = features.length > 0;
  return (
    <span
      className="relative inline-block max-w-full"
      onMouseEnter={() => hasFeatures && setOpen(true)}
      onMouseLeave={() => setOpen(false)}
    >
      <Link
        href={href}
        aria-describedby={hasFeatures ? id : undefined}
        onFocus={() => hasFeatures && setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === "Escape" && open) {
            event.stopPropagation();
            setOpen(false);
          }
        }}
        className="font-semibold break-words text-ink-900 underline decoration-ink-300 underline-offset-2 hover:text-brand-800 hover:decoration-brand-600"
      >
        {name}
      </Link>
      {hasFeatures && (
        <span
          id={id}
          role="tooltip"
          data-testid="features-tooltip"
          hidden={!open}
          className="absolute top-full left-0 z-20 mt-2 block w-72 max-w-[80vw] rounded-xl border border-ink-200 bg-white p-3 text-left text-sm font-normal text-ink-800 normal-case shadow-lg"
        >
          <span className="block font-semibold text-ink-900">Características:</span>
          <span className="mt-1 block">
            {features.map((feature, index) => (
              <span key={index} className="block before:mr-1.5 before:text-brand-700 before:content-['•']">
                {feature}
              </span>
            ))}
          </span>
        </span>
      )}
    </span>
  );
}

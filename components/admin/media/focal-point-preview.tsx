"use client";

import { useId, type KeyboardEvent, type MouseEvent } from "react";
import type { FocalPoint } from "@/lib/media/serialize";

// The edit panel's preview, where the focal point is set: a click (or tap) puts it there; with
// the preview focused, the arrow keys move it 5 points at a time. Crops on public pages keep
// that point in view.

const STEP = 5;
const clamp = (value: number) => Math.max(0, Math.min(100, Math.round(value)));

export function focalText(focal: FocalPoint | null): string {
  return focal ? `Punto focal: ${focal.x} % desde la izquierda, ${focal.y} % desde arriba.` : "Sin punto focal: los recortes se centran en la imagen.";
}

export function FocalPointPreview({ src, focal, onChange, disabled }: { src: string; focal: FocalPoint | null; onChange: (focal: FocalPoint) => void; disabled?: boolean }) {
  const descriptionId = useId();

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (disabled) return;
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    onChange({ x: clamp(((event.clientX - box.left) / box.width) * 100), y: clamp(((event.clientY - box.top) / box.height) * 100) });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const from = focal ?? { x: 50, y: 50 };
    onChange({ x: clamp(from.x + move[0]), y: clamp(from.y + move[1]) });
  };

  return (
    <div>
      <div className="flex justify-center rounded-xl bg-ink-100 p-2">
        <div
          role="group"
          tabIndex={disabled ? -1 : 0}
          aria-label="Vista previa. Haz clic en la imagen o usa las flechas para fijar el punto focal."
          aria-describedby={descriptionId}
          data-testid="focal-preview"
          onClick={onClick}
          onKeyDown={onKeyDown}
          className="relative inline-block max-w-full cursor-crosshair rounded-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {/* eslint-disable-next-line @next/next/no-img-element -- a library file at its own size, not a page image */}
          <img src={src} alt="" draggable={false} className="block max-h-72 w-auto max-w-full rounded-lg select-none" />
          {focal && (
            <span
              aria-hidden="true"
              data-testid="focal-marker"
              className="pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-[3px] border-white bg-brand-600/60 shadow-[0_0_0_2px_rgb(15_23_42/0.7)]"
              style={{ left: `${focal.x}%`, top: `${focal.y}%` }}
            />
          )}
        </div>
      </div>
      <p id={descriptionId} aria-live="polite" className="mt-2 text-sm text-ink-700">
        {focalText(focal)}
      </p>
    </div>
  );
}

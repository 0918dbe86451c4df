"use client";

import { useEffect, useRef, useState } from "react";
import { Icon } from "@/components/icons/icon";

/**
 * A video that loads its player only when asked: until then nothing is requested from YouTube
 * or Vimeo (privacy, speed). The poster is a link to the video's page, so it still works
 * without JavaScript; with JavaScript a click swaps in the privacy-friendly embed and plays it.
 */
export function VideoPlayer({ src, href, title, provider }: { src: string; href: string; title: string; provider: string }) {
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);

  if (playing) {
    const autoplay = `${src}${src.includes("?") ? "&" : "?"}autoplay=1`;
    return (
      <iframe
        ref={frame}
        src={autoplay}
        title={title}
        allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        className="aspect-video w-full"
      />
    );
  }

  return (
    <a
      href={href}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        setPlaying(true);
      }}
      className="group relative isolate flex aspect-video w-full flex-col items-center justify-center gap-4 overflow-hidden bg-brand-950 p-6 text-center text-white"
    >
      <span
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_70%_70%_at_80%_0%,rgb(61_104_241/0.5),transparent_70%),radial-gradient(ellipse_60%_60%_at_0%_100%,rgb(20_184_166/0.3),transparent_70%)]"
      />
      <span
        aria-hidden="true"
        className="grid size-16 place-items-center rounded-full bg-white text-brand-800 shadow-lg transition-transform group-hover:scale-105 sm:size-20"
      >
        <Icon name="play" className="ml-1 size-8 sm:size-9" />
      </span>
      <span className="max-w-md text-base font-semibold text-balance">
        <span className="sr-only">Reproducir: </span>
        {title}
      </span>
      <span className="text-sm text-brand-100">Se carga desde {provider} al reproducirlo</span>
    </a>
  );
}

// URLs stored by admins, turned into something safe to render. Pure functions.

/** An absolute http(s) URL, normalised; anything else (javascript:, relative, garbage) is null. */
export function safeExternalUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

export type VideoSource =
  /** `src` is the player to embed, `href` the video's own page (the link without JavaScript). */
  | { type: "embed"; provider: "YouTube" | "Vimeo"; src: string; href: string }
  | { type: "link"; href: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const VIMEO_ID = /^\d{1,12}$/;

function youtubeId(url: URL): string | null {
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  const parts = url.pathname.split("/").filter(Boolean);
  let id: string | null = null;
  if (host === "youtu.be") id = parts[0] ?? null;
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (parts[0] === "watch") id = url.searchParams.get("v");
    else if (["embed", "shorts", "live", "v"].includes(parts[0] ?? "")) id = parts[1] ?? null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function vimeoId(url: URL): string | null {
  const host = url.hostname.replace(/^www\./, "");
  const parts = url.pathname.split("/").filter(Boolean);
  let id: string | null = null;
  if (host === "vimeo.com") id = parts.find((part) => VIMEO_ID.test(part)) ?? null;
  else if (host === "player.vimeo.com" && parts[0] === "video") id = parts[1] ?? null;
  return id && VIMEO_ID.test(id) ? id : null;
}

/**
 * A video URL as something to show: YouTube becomes a youtube-nocookie.com embed and Vimeo a
 * player embed with do-not-track (the only frame origins the CSP allows); any other http(s)
 * URL stays a plain link; anything else is dropped (null).
 */
export function videoSource(value: string): VideoSource | null {
  const href = safeExternalUrl(value);
  if (!href) return null;
  const url = new URL(href);
  const youtube = youtubeId(url);
  if (youtube) return {
      type: "embed",
      provider: "YouTube",
      src: `https://www.youtube-nocookie.com/embed/${youtube}`,
      href: `https://www.youtube.com/watch?v=${youtube}`,
    };
  const vimeo = vimeoId(url);
  if (vimeo) return { type: "embed", provider: "Vimeo", src: `https://player.vimeo.com/video/${vimeo}?dnt=1`, href: `https://vimeo.com/${vimeo}` };
  return { type: "link", href };
}

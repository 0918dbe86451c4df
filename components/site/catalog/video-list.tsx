import { ExternalLink } from "./external-link";
import { Icon } from "@/components/icons/icon";
import { videoSource } from "./media-urls";
import { VideoPlayer } from "./video-player";

/**
 * Embedded videos: YouTube through youtube-nocookie.com and Vimeo with do-not-track, loaded on
 * request (click to play); any other address is offered as a plain link.
 */
export function VideoList({ videos, itemName }: { videos: string[]; itemName: string }) {
  const sources = videos.map(videoSource).filter((source) => source !== null);
  if (sources.length === 0) return null;
  const total = sources.length;
  return (
    <ul className={total === 1 ? "mx-auto grid max-w-4xl gap-6" : "grid gap-6 md:grid-cols-2"}>
      {sources.map((source, index) => {
        const label = total === 1 ? `Video de ${itemName}` : `Video ${index + 1} de ${total}: ${itemName}`;
        return (
          <li key={index}>
            {source.type === "embed" ? (
              <div className="overflow-hidden rounded-2xl border border-ink-200 bg-ink-900 shadow-card" data-testid="video">
                <VideoPlayer src={source.src} href={source.href} title={`${label} (${source.provider})`} provider={source.provider} />
              </div>
            ) : (
              <ExternalLink
                href={source.href}
                className="card flex items-center gap-3 p-5 font-semibold text-brand-700 hover:border-brand-300 hover:text-brand-900"
              >
                <Icon name="play-circle" className="size-8 shrink-0" />
                <span>Ver {label.charAt(0).toLowerCase() + label.slice(1)}</span>
              </ExternalLink>
            )}
          </li>
        );
      })}
    </ul>
  );
}

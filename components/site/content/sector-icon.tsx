import type { IconName } from "@/components/icons/registry";
import { OutlineIcon } from "./icon";

/** Sprite icons for the sector's `icon` name (Lucide-style names in the data). */
const SECTOR_ICONS: Record<string, IconName> = {
  "shopping-cart": "shopping-cart",
  factory: "building",
  "heart-pulse": "heart",
  "graduation-cap": "graduation-cap",
  truck: "truck",
  landmark: "landmark",
  sprout: "sprout",
};

export function SectorIcon({ name, className }: { name: string | null; className?: string }) {
  return <OutlineIcon name={(name && SECTOR_ICONS[name]) || "building"} className={className} />;
}

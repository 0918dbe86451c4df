// What the measuring parts of `npm run bench` share: the app's address, the load of each target,
// the log and the list of targets that could not be measured.
import type { LoadOptions, Measurement } from "../bench-measure";

export interface BenchRun {
  baseUrl: string;
  load: LoadOptions;
  /** Rounds of page-then-reference per public page (its ratio is the median of the rounds' ratios). */
  rounds: number;
  /** --all-variants: every variant of every public page, not a sample. */
  allVariants: boolean;
  log(message: string): void;
  /** Targets that could not be measured at all (the server refused or went away): each fails the run. */
  failures: { target: string; error: string }[];
}

export type Reference = { kb: number; path: string; bytes: number };
export type PageResult = {
  route: string;
  path: string;
  bytes: number;
  page: Measurement;
  reference: Reference & { result: Measurement };
  /** The page of the bare Next app (scripts/lib/bench/bare-next.ts) nearest in size. */
  floor: Reference & { result: Measurement };
  /** The same floor page served with Next's ETag off, as this app serves its pages. */
  floorWithoutEtag: Measurement;
  bare: Measurement;
  front?: Measurement;
  ratioReference: number;
  /** Page ÷ bare Next: the median of the rounds' ratios. */
  ratioFloor: number;
  /** Page ÷ bare Next without ETag (no bar: what this app adds to Next run with its own setting). */
  ratioFloorWithoutEtag: number;
  ratioBare: number;
  ratioFrontBare?: number;
  /** Rounds that first waited for the page's background regeneration (see waitUntilFresh). */
  regenerations: number;
};
export type ApiResult = { kind: "api" | "admin" | "contact"; name: string; path: string; bytes: number | null; result: Measurement; status429?: number };
/** One floor page measured against itself (page ÷ page, per round): the run's noise. */
export type FloorSpread = { path: string; bytes: number; ratios: number[]; median: number; min: number; max: number };

// What the sections of `npm run test:front` share: the app and the front's addresses, the app's
// database, requests through the front, the checks' tally and credentials of seeded users.
import type { Front, FrontOptions } from "../nginx-front";
import type { Query, SeededUser } from "../session-credentials";
import type { Answer } from "./http";

export interface FrontRun {
  appUrl: string;
  appPort: number;
  /** The main front's port; sections 7 and 8 start fronts on the next five. */
  frontPort: number;
  frontUrl: string;
  /** How long the front keeps an answer (its template's cache time, shortened for the test). */
  cacheSeconds: number;
  /** How long it keeps a media library file (shortened for the test too). */
  mediaCacheSeconds: number;
  /** A random tag that keeps this run's URLs and rows apart from earlier runs'. */
  tag: string;
  query: Query;
  viaFront(method: string, pathname: string, headers?: Record<string, string>, body?: string | Buffer): Promise<Answer>;
  get(pathname: string, headers?: Record<string, string>): Promise<Answer>;
  /** Counts a check; prints a failed one with its detail. Returns `ok`. */
  check(label: string, ok: boolean, detail?: string): boolean;
  userByEmail(email: string): Promise<SeededUser>;
  /** A new API token: the Authorization header's value. */
  bearerFor(user: SeededUser): Promise<string>;
  cookieFor(user: SeededUser): Promise<{ cookie: string; csrf: string }>;
  /** Another front (stopped with the others at the end). */
  startFront(options: FrontOptions): Promise<Front>;
}

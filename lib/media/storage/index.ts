import path from "node:path";
import { localStorage } from "./local";
import { DEFAULT_S3_REGION, s3Storage, type S3StorageConfig } from "./s3";
import type { MediaStorage } from "./types";

// Where media files live, decided by the environment: an S3-compatible bucket when all four S3_*
// variables are set, the local disk (MEDIA_DIR, default <cwd>/.data/media) when none is. Some but
// not all of them is a mistake the server refuses, naming what is missing, rather than quietly
// writing to a disk another instance cannot see.

export type { MediaStorage, StoredObject } from "./types";
export { assertSafeKey, isSafeKey, MAX_KEY_LENGTH, MAX_SEGMENT_LENGTH } from "./keys";
export { ensureBucket, type S3StorageConfig } from "./s3";

export type MediaStorageConfig = { kind: "local"; dir: string } | ({ kind: "s3"; region: string } & S3StorageConfig);

type Env = Record<string, string | undefined>;

const REQUIRED_S3_VARIABLES = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

function value(env: Env, name: string): string | undefined {
  return env[name]?.trim() || undefined;
}

function spanishList(items: readonly string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} y ${items.at(-1)}`;
}

/** What is wrong with the media storage variables, in Spanish, or null when nothing is. */
export function mediaStorageProblem(env: Env = process.env): string | null {
  const missing = REQUIRED_S3_VARIABLES.filter((name) => !value(env, name));
  if (missing.length === 0) {
    const endpoint = value(env, "S3_ENDPOINT")!;
    let url: URL | null = null;
    try {
      url = new URL(endpoint);
    } catch {}
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
      return `S3_ENDPOINT no es una dirección válida («${endpoint.slice(0, 100)}»). Indique la URL del servicio compatible con S3, por ejemplo http://minio:9000 o https://s3.us-east-1.amazonaws.com.`;
    }
    return null;
  }
  if (missing.length === REQUIRED_S3_VARIABLES.length) return null;
  const which = missing.length === 1 ? `Falta la variable ${missing[0]}` : `Faltan las variables ${spanishList(missing)}`;
  return `${which} para guardar los archivos multimedia en un almacenamiento compatible con S3. Defina las cuatro (${spanishList(REQUIRED_S3_VARIABLES)}), o ninguna para guardarlos en el disco local (MEDIA_DIR).`;
}

/** The storage the environment asks for; throws an Error with the Spanish message when it is inconsistent. */
export function mediaStorageConfig(env: Env = process.env): MediaStorageConfig {
  const problem = mediaStorageProblem(env);
  if (problem) throw new Error(problem);
  const endpoint = value(env, "S3_ENDPOINT");
  // Runtime paths, not files of the build: the comments keep Next's file tracing from copying the project.
  if (!endpoint) return { kind: "local", dir: path.resolve(/* turbopackIgnore: true */ process.cwd(), value(env, "MEDIA_DIR") ?? path.join(".data", "media")) };
  return {
    kind: "s3",
    endpoint,
    bucket: value(env, "S3_BUCKET")!,
    accessKeyId: value(env, "S3_ACCESS_KEY_ID")!,
    secretAccessKey: value(env, "S3_SECRET_ACCESS_KEY")!,
    region: value(env, "S3_REGION") ?? DEFAULT_S3_REGION,
  };
}

export function createMediaStorage(config: MediaStorageConfig): MediaStorage {
  return config.kind === "local" ? localStorage(config.dir) : s3Storage(config);
}

let instance: MediaStorage | null = null;

/** The process's one storage, built from the environment on first use. */
export function mediaStorage(): MediaStorage {
  instance ??= createMediaStorage(mediaStorageConfig());
  return instance;
}

/** Forgets the instance, so the next mediaStorage() reads the environment again. */
export function resetMediaStorageForTests(): void {
  instance = null;
}

// A real S3-protocol server for tests and harness scripts (s3rver): it listens on 127.0.0.1 on a
// free port and keeps the objects in a temporary folder, removed again by stop(). It accepts any
// credentials and has the bucket before it answers. It runs in a child process
// (s3-server-process.mjs says why). No vitest imports: plain tsx scripts use it too.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type TestS3Server = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
};

const RUNNER = fileURLToPath(new URL("./s3-server-process.mjs", import.meta.url));
const START_TIMEOUT_MS = 20_000;

export async function startS3Server(options: { bucket?: string } = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? "media-test";
  const directory = await mkdtemp(path.join(tmpdir(), "s3rver-"));
  const child = spawn(process.execPath, ["--openssl-legacy-provider", RUNNER, directory, bucket], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  let errors = "";
  child.stderr.setEncoding("utf8").on("data", (text: string) => {
    errors = (errors + text).slice(-2000);
  });

  const exited = once(child, "exit");
  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      let output = "";
      const timer = setTimeout(() => reject(new Error(`s3rver did not start within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
      child.stdout.setEncoding("utf8").on("data", (text: string) => {
        output += text;
        const line = output.split("\n").find((candidate) => candidate.startsWith("{"));
        if (line) {
          clearTimeout(timer);
          resolve((JSON.parse(line) as { port: number }).port);
        }
      });
      child.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`s3rver exited before listening (${signal ?? code}): ${errors.trim()}`));
      });
    });
  } catch (error) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await rm(directory, { recursive: true, force: true });
    throw error;
  }

  let stopped: Promise<void> | null = null;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    region: "us-east-1",
    stop() {
      stopped ??= (async () => {
        try {
          if (child.exitCode === null && child.signalCode === null) {
            child.stdin.end();
            const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
            await exited;
            clearTimeout(timer);
          }
        } finally {
          await rm(directory, { recursive: true, force: true });
        }
      })();
      return stopped;
    },
  };
}

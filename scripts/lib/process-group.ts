// A child process in a process group of its own (npm, tsx and Next under it), with its output kept
// for a failure report, stopped as a whole group.
import { spawn, type ChildProcess } from "node:child_process";

export interface ProcessGroup {
  /** The group's leader (npm, or whatever was spawned). */
  child: ChildProcess;
  /** The last `keep` characters of its stdout and stderr, interleaved. */
  output(): string;
  /** Signals every process of the group; false when the group is gone. */
  signal(name: NodeJS.Signals): boolean;
  /** The leader's exit code (1 when a signal ended it). */
  exitCode(): Promise<number>;
  /** Stops the group: SIGINT, and SIGKILL when the leader is still running 15 s later. Safe to call twice. */
  stop(): Promise<void>;
}

const STOP_GRACE_MS = 15_000;

/** Every group spawned here whose leader has not exited yet. */
const live = new Set<ProcessGroup>();

/** Stops every group still running (an interrupted script's cleanup: a build or a server it was waiting for). */
export async function stopAllGroups() {
  await Promise.all([...live].map((group) => group.stop()));
}

export function isRunning(child: ChildProcess) {
  return child.exitCode === null && child.signalCode === null;
}

/** `cwd`: the folder the group runs in (default: this process's). */
export function spawnGroup(command: string, args: string[], env: NodeJS.ProcessEnv, keep = 200_000, cwd?: string): ProcessGroup {
  const child = spawn(command, args, { detached: true, stdio: ["ignore", "pipe", "pipe"], env, cwd });
  let output = "";
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-keep);
  };
  child.stdout!.on("data", append);
  child.stderr!.on("data", append);
  const signal = (name: NodeJS.Signals) => {
    try {
      if (!child.pid) return false;
      process.kill(-child.pid, name);
      return true;
    } catch {
      return false; // already gone
    }
  };
  let stopping: Promise<void> | null = null;
  const group: ProcessGroup = {
    child,
    output: () => output,
    signal,
    exitCode: () =>
      isRunning(child) ? new Promise((resolve) => child.once("exit", (code, signalName) => resolve(code ?? (signalName ? 1 : 0)))) : Promise.resolve(child.exitCode ?? 1),
    stop: () =>
      (stopping ??= (async () => {
        if (isRunning(child)) {
          const exited = new Promise((resolve) => child.once("exit", resolve));
          signal("SIGINT");
          await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS))]);
          if (isRunning(child)) signal("SIGKILL");
        }
      })()),
  };
  live.add(group);
  child.once("exit", () => live.delete(group));
  return group;
}

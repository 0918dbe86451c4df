// How a test script ends: exit 0 when its main reports success, 1 when it reports a failure or
// throws (the error printed by `onError`, with whatever the server logged), and, on a signal,
// 128 + the signal's number. The cleanup (servers stopped, throwaway databases dropped) runs once
// before any exit.
import { constants } from "node:os";

export function runScript(
  main: () => Promise<boolean>,
  { cleanup, onError, signals = ["SIGINT"] }: { cleanup(): Promise<void>; onError(error: unknown): void; signals?: NodeJS.Signals[] },
) {
  let cleaning: Promise<void> | null = null;
  const cleanupOnce = () => (cleaning ??= cleanup());
  for (const signal of signals) process.on(signal, () => void cleanupOnce().then(() => process.exit(128 + constants.signals[signal])));
  void main()
    .catch((error: unknown) => {
      onError(error);
      return false;
    })
    .then(async (ok) => {
      await cleanupOnce();
      // Open sockets or pipes must not keep the script alive.
      process.exit(ok ? 0 : 1);
    });
}

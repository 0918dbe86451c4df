// A port a script is about to listen on (or start a server on) must be free: a server left over
// from an earlier run would otherwise be the one tested.
import { createServer } from "node:net";

/** Fails when 127.0.0.1:`port` is taken; `variables` names the settings that choose another. */
export async function assertPortFree(port: number, variables: string) {
  const free = await new Promise<boolean>((resolve) => {
    const probe = createServer()
      .once("error", () => resolve(false))
      .listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
  if (!free) throw new Error(`El puerto ${port} ya está en uso: detenga ese proceso o elija otro (${variables}).`);
}

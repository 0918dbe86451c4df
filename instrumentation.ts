// Runs once when a server starts: the production start-up checks (lib/startup-checks.ts), in
// the Node.js runtime only (imported there, so no Edge bundle sees process.exit).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { checkProductionStartup } = await import("./lib/startup-checks");
    checkProductionStartup();
  }
}

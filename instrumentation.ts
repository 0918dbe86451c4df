// Runs once when a server starts: the production start-up checks (lib/startup-checks.ts) and the
// periodic SUNAT send queue (lib/sunat/queue.ts), in the Node.js runtime only (imported there, so
// no Edge bundle sees process.exit or the database).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { checkProductionStartup } = await import("./lib/startup-checks");
    checkProductionStartup();
    const { startSunatSchedule } = await import("./lib/sunat/queue");
    startSunatSchedule();
  }
}

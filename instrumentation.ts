// Runs once when a server starts: the production start-up checks (lib/startup-checks.ts), the
// periodic round with SUNAT (lib/billing/sunat-sync.ts) and inbound e-mail (lib/inbound/transports.ts:
// an SMTP listener and/or an IMAP poller when configured, nothing otherwise), in the Node.js runtime
// only (imported there, so no Edge bundle sees process.exit, sockets or the database).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { checkProductionStartup } = await import("./lib/startup-checks");
    checkProductionStartup();
    const { startSunatSchedule } = await import("./lib/billing/sunat-sync");
    startSunatSchedule();
    const { startInboundMail } = await import("./lib/inbound/transports");
    startInboundMail();
  }
}

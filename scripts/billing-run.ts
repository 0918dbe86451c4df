// `npm run billing:run`: issues the invoices of every subscription due today (Lima) and moves
// their billing dates on (lib/billing/run.ts). Safe to run again: nothing is issued twice.
// `npm start` also runs it once at start-up and then every day (scripts/serve.ts).
import "./lib/load-env";
import { runBilling } from "../lib/billing/run";

const today = process.argv.find((arg) => /^\d{4}-\d{2}-\d{2}$/.test(arg));
runBilling({ today, log: (line) => console.log(line) })
  .then((result) => {
    console.log(
      `Facturación del ${result.date}: ${result.invoiced} factura(s) emitida(s), ${result.cancelled} suscripción(es) cancelada(s), ${result.expired} finalizada(s), ${result.failed} con error.`,
    );
    process.exit(result.failed > 0 ? 1 : 0);
  })
  .catch((error: unknown) => {
    console.error("[billing] la facturación falló:", error instanceof Error ? error.message : error);
    process.exit(1);
  });

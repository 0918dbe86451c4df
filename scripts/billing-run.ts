// `npm run billing:run`: issues the invoices of every subscription due today (Lima), moves
// their billing dates on and sends the payment reminders due today (lib/billing/run.ts). Safe
// to run again: nothing is issued or reminded twice.
// `npm start` also runs it once at start-up and then every day (scripts/serve.ts); with several
// instances, one of them runs it (lib/jobs/claim.ts).
import "./lib/load-env";
import { runBilling } from "../lib/billing/run";
import { runExclusively } from "../lib/jobs/claim";

const today = process.argv.find((arg) => /^\d{4}-\d{2}-\d{2}$/.test(arg));
// One run at a time across all instances (each `npm start` schedules its own): the others step aside.
runExclusively("billing", () => runBilling({ today, log: (line) => console.log(line) }))
  .then((outcome) => {
    if (!outcome.ran) {
      console.log(`La facturación ya está en curso en otra instancia (${outcome.heldBy}, turno hasta ${outcome.heldUntil.toISOString()}): esta ejecución no hace nada.`);
      process.exit(0);
    }
    const result = outcome.result;
    console.log(
      `Facturación del ${result.date}: ${result.invoiced} factura(s) emitida(s), ${result.cancelled} suscripción(es) cancelada(s), ${result.expired} finalizada(s), ${result.failed} con error, ${result.reminded} recordatorio(s) de pago enviado(s).`,
    );
    process.exit(result.failed > 0 ? 1 : 0);
  })
  .catch((error: unknown) => {
    console.error("[billing] la facturación falló:", error instanceof Error ? error.message : error);
    process.exit(1);
  });

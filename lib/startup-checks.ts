import { peerAddressAvailable } from "./client-address";
import { inboundConfigProblem } from "./inbound/config";
import { mediaStorageProblem } from "./media/storage";

// Loaded by instrumentation.ts in the Node.js runtime only. Refuses to start, with one clear
// line, a production server that would sign sessions with nothing secret (no AUTH_SECRET), or
// that cannot see its clients' addresses (started without scripts/client-ip-preload.mjs, e.g. a
// plain `next start`): every client would then share the address "unknown", and ten wrong
// passwords anywhere would block sign-in for everyone.

function refuseToStart(message: string): never {
  console.error(`Error: ${message}`);
  process.exit(1);
}

export function checkProductionStartup() {
  // Half an S3 configuration would put uploads where other instances cannot read them.
  const storageProblem = mediaStorageProblem();
  if (storageProblem) refuseToStart(storageProblem);
  // A wrong inbound-mail setting would leave replies unread without anyone noticing.
  const inboundProblem = inboundConfigProblem();
  if (inboundProblem) refuseToStart(inboundProblem);
  if (process.env.NODE_ENV !== "production") return;
  if (!process.env.AUTH_SECRET?.trim()) {
    refuseToStart("AUTH_SECRET no está definida. Defínala con un valor aleatorio largo (por ejemplo: openssl rand -base64 32) antes de iniciar en producción.");
  }
  if (!peerAddressAvailable()) {
    refuseToStart("el servidor no ve la dirección de sus clientes. Inícielo con npm start (carga scripts/client-ip-preload.mjs), no con next start.");
  }
  if (!process.env.SMTP_URL?.trim()) {
    // Not fatal (the demo and the tests run without a mail server), but said once, loudly: replies
    // to contact messages and password-reset links are then only written to this console.
    console.warn(
      "Aviso: SMTP_URL no está definida. Los correos (respuestas a mensajes de contacto, enlaces para restablecer la contraseña) solo se escriben en la consola del servidor.",
    );
  }
}

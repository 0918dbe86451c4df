// Runs the SUNAT stand-in (scripts/lib/sunat-mock) until it is stopped, for trying the
// e-invoicing flow by hand: point the SUNAT endpoint setting at the URL it prints.
// Port from SUNAT_MOCK_PORT (8035 by default); credentials as SUNAT's beta: <RUC>MODDATOS / moddatos.
import { assertPortFree } from "./lib/ports";
import { startSunatMock } from "./lib/sunat-mock/server";

const port = Number(process.env.SUNAT_MOCK_PORT ?? 8035);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`SUNAT_MOCK_PORT no es un puerto válido: ${process.env.SUNAT_MOCK_PORT}`);
  process.exit(1);
}
await assertPortFree(port, "SUNAT_MOCK_PORT");
const mock = await startSunatMock({ port });
console.log(`Simulador de SUNAT (billService) escuchando en ${mock.url}`);
console.log(`WSDL: ${mock.url}?wsdl · usuario: <RUC>MODDATOS · clave: moddatos`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void mock.close().then(() => process.exit(0));
  });
}

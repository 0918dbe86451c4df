import "server-only";

// Where documents go and who sends them, read from the environment on every use (tests and the
// demo set them at run time). SUNAT_ENDPOINT is the billService URL of SUNAT (beta or production)
// or of an OSE: any server that implements SUNAT's billService WSDL works without code changes.
// `npm start` without SUNAT_ENDPOINT starts the stand-in on loopback and sets it.

export type SunatConfig = {
  endpoint: string | null;
  /** Clave SOL user (without the RUC) and password; SUNAT's WS-Security user is RUC + user. */
  solUser: string;
  solPassword: string;
  /** True on the stand-in or SUNAT's beta: nothing sent there has legal effect ("modo de prueba"). */
  testMode: boolean;
  timeoutMs: number;
};

/** SUNAT's beta accepts any RUC with these credentials; the stand-in does the same. */
const TEST_SOL_USER = "MODDATOS";
const TEST_SOL_PASSWORD = "moddatos";

function isTestEndpoint(endpoint: string): boolean {
  if (process.env.SUNAT_TEST_MODE === "1") return true;
  try {
    const { hostname } = new URL(endpoint);
    return hostname === "127.0.0.1" || hostname === "localhost" || hostname === "[::1]" || /beta/i.test(hostname + new URL(endpoint).pathname);
  } catch {
    return true;
  }
}

export function sunatConfig(): SunatConfig {
  const endpoint = process.env.SUNAT_ENDPOINT?.trim() || null;
  const timeout = Number(process.env.SUNAT_TIMEOUT_MS);
  return {
    endpoint,
    solUser: process.env.SUNAT_SOL_USER?.trim() || TEST_SOL_USER,
    solPassword: process.env.SUNAT_SOL_PASSWORD ?? TEST_SOL_PASSWORD,
    testMode: endpoint === null || isTestEndpoint(endpoint),
    // Well within the send lease (lib/sunat/queue.ts, 120 s), so no other instance takes a send in flight.
    timeoutMs: Number.isInteger(timeout) && timeout > 0 ? Math.min(timeout, 60_000) : 20_000,
  };
}

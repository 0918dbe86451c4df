// Whether the sender's domain vouches for an inbound message (lib/inbound/authenticity.ts):
// real DKIM signatures (mailauth's dkimSign with generated RSA keys) checked against DNS records
// served by a fake resolver.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { dkimSign } from "mailauth";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { authenticityWarning, type AuthContext } from "@/lib/inbound/authenticity";

type Zone = Record<string, string>;

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    record: `v=DKIM1; k=rsa; p=${publicKey.export({ type: "spki", format: "der" }).toString("base64")}`,
  };
}

/** A resolver answering TXT lookups from `zone`, "no such name" for everything else. */
function resolverFor(zone: Zone): AuthContext["resolver"] {
  return async (name, rr) => {
    const value = rr === "TXT" ? zone[name.toLowerCase()] : undefined;
    if (value !== undefined) return [[value]];
    throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: "ENOTFOUND" });
  };
}

const failing = (code: string): AuthContext["resolver"] => async (name) => {
  throw Object.assign(new Error(`query ${code} ${name}`), { code });
};

function message(from: string, body = "Gracias, ya quedó resuelto el acceso al sistema.") {
  return [
    `From: ${from}`,
    "To: soporte@lumenti.pe",
    "Subject: Re: Sin acceso al sistema [#T-48]",
    "Date: Mon, 23 Nov 2026 10:33:05 -0500",
    "Message-ID: <auth-test@empresa.pe>",
    "In-Reply-To: <1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d@lumenti.pe>",
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    body,
    "",
  ].join("\r\n");
}

async function signed(text: string, signingDomain: string, privateKey: string): Promise<string> {
  const { signatures, errors } = await dkimSign(text, {
    signingDomain,
    selector: "s1",
    privateKey,
    signatureData: [{ signingDomain, selector: "s1", privateKey }],
  });
  expect(errors).toEqual([]);
  expect(signatures).toMatch(/^DKIM-Signature: /);
  return signatures + text;
}

const EMPRESA_IP = "203.0.113.5";
const STRANGER_IP = "198.51.100.7";
const WARNING = /^No se pudo verificar que el remitente sea quien dice ser: falló (DMARC|SPF) \((dkim|spf)=[a-z]+, (dkim|spf)=[a-z]+\)\.$/;

let empresa: ReturnType<typeof keyPair>;
let atacante: ReturnType<typeof keyPair>;
let zone: Zone;

beforeAll(() => {
  empresa = keyPair();
  atacante = keyPair();
  zone = {
    "s1._domainkey.empresa.pe": empresa.record,
    "empresa.pe": `v=spf1 ip4:${EMPRESA_IP} -all`,
    "_dmarc.empresa.pe": "v=DMARC1; p=reject; rua=mailto:dmarc@empresa.pe",
    "s1._domainkey.atacante.example": atacante.record,
    "atacante.example": `v=spf1 ip4:${STRANGER_IP} -all`,
    // A domain without DMARC, whose SPF only soft-fails strangers.
    "s1._domainkey.sin-dmarc.pe": empresa.record,
    "sin-dmarc.pe": `v=spf1 ip4:${EMPRESA_IP} ~all`,
  };
});

afterEach(() => vi.restoreAllMocks());

const fromEmpresa: AuthContext = { ip: EMPRESA_IP, helo: "mail.empresa.pe", mailFrom: "ana@empresa.pe" };

describe("DMARC", () => {
  it("a signed message from its own domain's server passes: no warning", async () => {
    const raw = await signed(message("Ana Torres <ana@empresa.pe>"), "empresa.pe", empresa.privateKey);
    expect(await authenticityWarning(Buffer.from(raw), { ...fromEmpresa, resolver: resolverFor(zone) })).toBeNull();
  });

  it("a body changed after signing, sent from elsewhere, fails DMARC (p=reject): warning", async () => {
    const raw = (await signed(message("Ana Torres <ana@empresa.pe>"), "empresa.pe", empresa.privateKey)).replace(
      "Gracias, ya quedó resuelto",
      "Depositen el pago en la nueva cuenta 191-99887766",
    );
    const warning = await authenticityWarning(Buffer.from(raw), { ip: STRANGER_IP, helo: "vps.example", mailFrom: "ana@empresa.pe", resolver: resolverFor(zone) });
    expect(warning).toMatch(WARNING);
    expect(warning).toContain("falló DMARC");
    expect(warning).toContain("spf=fail");
    expect(warning!.length).toBeLessThanOrEqual(300);
  });

  it("a forged From domain, signed and sent by someone else's domain, fails DMARC: warning", async () => {
    const raw = await signed(message("Gerencia Empresa <gerencia@empresa.pe>"), "atacante.example", atacante.privateKey);
    const warning = await authenticityWarning(Buffer.from(raw), { ip: STRANGER_IP, helo: "mx.atacante.example", mailFrom: "bounce@atacante.example", resolver: resolverFor(zone) });
    // Both checks pass for atacante.example; neither is aligned with empresa.pe.
    expect(warning).toBe("No se pudo verificar que el remitente sea quien dice ser: falló DMARC (dkim=pass, spf=pass).");
  });

  it("the same message from its domain's own server, unsigned, passes through SPF alignment", async () => {
    const raw = message("Ana Torres <ana@empresa.pe>");
    expect(await authenticityWarning(Buffer.from(raw), { ...fromEmpresa, resolver: resolverFor(zone) })).toBeNull();
  });
});

describe("without a DMARC policy", () => {
  it("SPF soft-fails and nothing is signed: warning naming SPF", async () => {
    const raw = message("Ana Torres <ana@sin-dmarc.pe>");
    const warning = await authenticityWarning(Buffer.from(raw), { ip: STRANGER_IP, helo: "vps.example", mailFrom: "ana@sin-dmarc.pe", resolver: resolverFor(zone) });
    expect(warning).toBe("No se pudo verificar que el remitente sea quien dice ser: falló SPF (spf=softfail, dkim=none).");
  });

  it("the client IP as an IPv4-mapped IPv6 address (how a dual-stack listener sees it) is checked the same", async () => {
    const raw = message("Ana Torres <ana@sin-dmarc.pe>");
    const warning = await authenticityWarning(Buffer.from(raw), { ip: `::ffff:${STRANGER_IP}`, mailFrom: "ana@sin-dmarc.pe", resolver: resolverFor(zone) });
    expect(warning).toBe("No se pudo verificar que el remitente sea quien dice ser: falló SPF (spf=softfail, dkim=none).");
  });

  it("SPF soft-fails but an aligned DKIM signature passes (a forwarded message): no warning", async () => {
    const raw = await signed(message("Ana Torres <ana@sin-dmarc.pe>"), "sin-dmarc.pe", empresa.privateKey);
    expect(await authenticityWarning(Buffer.from(raw), { ip: STRANGER_IP, helo: "forwarder.example", mailFrom: "ana@sin-dmarc.pe", resolver: resolverFor(zone) })).toBeNull();
  });
});

describe("nothing could be checked: never a warning", () => {
  it("no DNS at all (every lookup: no such name), even for a tampered message", async () => {
    const raw = (await signed(message("Ana Torres <ana@empresa.pe>"), "empresa.pe", empresa.privateKey)).replace("Gracias", "Pague");
    expect(await authenticityWarning(Buffer.from(raw), { ip: STRANGER_IP, mailFrom: "ana@empresa.pe", resolver: failing("ENOTFOUND") })).toBeNull();
  });

  it("a DNS server that fails (SERVFAIL)", async () => {
    const raw = message("Ana Torres <ana@empresa.pe>");
    expect(await authenticityWarning(Buffer.from(raw), { ip: STRANGER_IP, mailFrom: "ana@empresa.pe", resolver: failing("ESERVFAIL") })).toBeNull();
  });

  it("a DNS server that never answers: null within the time bound", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const raw = await signed(message("Ana Torres <ana@empresa.pe>"), "empresa.pe", empresa.privateKey);
    const started = Date.now();
    const warning = await authenticityWarning(Buffer.from(raw), { ip: STRANGER_IP, mailFrom: "ana@empresa.pe", resolver: () => new Promise(() => {}), timeoutMs: 300 });
    expect(warning).toBeNull();
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("no client IP (the IMAP poller) and no signature: SPF cannot run, so no verdict", async () => {
    const raw = message("Ana Torres <ana@empresa.pe>");
    expect(await authenticityWarning(Buffer.from(raw), { resolver: resolverFor(zone) })).toBeNull();
  });

  it("no client IP, but a signature that no longer matches: DMARC fails on DKIM alone", async () => {
    const raw = (await signed(message("Ana Torres <ana@empresa.pe>"), "empresa.pe", empresa.privateKey)).replace("Gracias", "Pague");
    expect(await authenticityWarning(Buffer.from(raw), { resolver: resolverFor(zone) })).toMatch(/falló DMARC \(dkim=\w+, spf=temperror\)/);
  });

  it("garbage input or a nonsense context never throws", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await authenticityWarning(randomBytes(4_000), { resolver: resolverFor(zone) })).toBeNull();
    const context = { ip: "no-es-una-ip", helo: "a b\r\nc", mailFrom: "<>", timeoutMs: -5, resolver: resolverFor(zone) } as AuthContext;
    expect(await authenticityWarning(Buffer.from(message("Ana Torres <ana@empresa.pe>")), context)).toBeNull();
  });
});

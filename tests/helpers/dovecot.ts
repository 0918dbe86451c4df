// A real IMAP server for tests: a PRIVATE Dovecot (Debian's dovecot-imapd) with its own
// configuration, runtime directory and maildir in a temporary folder, listening on a free port of
// 127.0.0.1, plaintext login allowed there, one user from a passwd-file. It runs in the foreground
// (`dovecot -F`), so stopping it is killing that one process; the machine's own Dovecot (if any)
// is never touched. Outside CI, tests skip when the binary is missing; in CI they fail.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { skipWithout } from "./requirements";
import { freePort } from "./smtp";

const CANDIDATES = ["/usr/sbin/dovecot", "/usr/local/sbin/dovecot"];

/** The dovecot binary, or null when it is not installed. */
export function dovecotBinary(): string | null {
  const onPath = spawnSync("dovecot", ["--version"], { stdio: "ignore" });
  if (!onPath.error) return "dovecot";
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

/** Skip tests that need Dovecot when it is missing (outside CI). */
export const skipWithoutDovecot = () =>
  skipWithout(dovecotBinary() !== null, "Dovecot (servidor IMAP)", "instálalo con `apt-get install dovecot-imapd`.");

export type TestDovecot = {
  host: string;
  port: number;
  user: string;
  password: string;
  /** imap://user:password@127.0.0.1:port/<mailbox>[?move=<folder>] */
  url(mailbox?: string, moveTo?: string): string;
  /** A logged-in client (close it with logout()). */
  connect(): Promise<ImapFlow>;
  /** Appends a raw message to `mailbox` (created when missing). */
  append(mailbox: string, raw: string | Buffer): Promise<void>;
  /** What `mailbox` holds now: uid, flags and the raw source of each message. */
  list(mailbox: string): Promise<{ uid: number; flags: string[]; source: string }[]>;
  stop(): Promise<void>;
};

function idOf(name: string, flag: "-u" | "-g"): number {
  const result = spawnSync("id", [flag, name], { encoding: "utf8" });
  const id = Number(result.stdout?.trim());
  if (result.status !== 0 || !Number.isInteger(id)) throw new Error(`No existe el usuario del sistema ${name} (lo crea el paquete dovecot-core).`);
  return id;
}

function waitForPort(port: number, child: ChildProcess, logFile: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const failed = (why: string) => reject(new Error(`Dovecot no arrancó (${why}): ${existsSync(logFile) ? readFileSync(logFile, "utf8").slice(-2000) : "sin registro"}`));
    const attempt = () => {
      if (child.exitCode !== null) return failed(`salió con código ${child.exitCode}`);
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve();
      });
      socket.once("error", () => {
        socket.destroy();
        if (Date.now() > deadline) failed("no escucha");
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/** Starts a private Dovecot; stop it in afterAll. */
export async function startDovecot(): Promise<TestDovecot> {
  const binary = dovecotBinary();
  if (!binary) throw new Error("Dovecot no está instalado: apt-get install dovecot-imapd.");
  const version = spawnSync(binary, ["--version"], { encoding: "utf8" }).stdout.trim();
  if (!/^2\.3\./.test(version)) throw new Error(`Esta configuración de prueba es para Dovecot 2.3 y está instalado ${version}.`);

  const dir = mkdtempSync(path.join(tmpdir(), "lumen-dovecot-"));
  // Dovecot's own processes (and, as root, the mail user) must be able to reach the folder.
  chmodSync(dir, 0o755);
  const home = path.join(dir, "home");
  mkdirSync(home);
  const port = await freePort();
  const user = "buzon";
  const password = "clave-de-prueba";
  writeFileSync(path.join(dir, "passwd"), `${user}:{PLAIN}${password}::::\n`);

  // As root, the login and internal processes run as Debian's dovenull and dovecot users and the
  // mail as dovecot (never root); as anyone else, everything runs as that user.
  const root = process.getuid?.() === 0;
  const me = userInfo().username;
  const mailUid = root ? idOf("dovecot", "-u") : process.getuid!();
  const mailGid = root ? idOf("dovecot", "-g") : process.getgid!();
  if (root) chownSync(home, mailUid, mailGid);
  const logFile = path.join(dir, "dovecot.log");
  const config = `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${logFile}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
# Tests sign in with a wrong password on purpose: no delay nor growing penalty for it.
auth_failure_delay = 0
login_trusted_networks = 127.0.0.0/8
default_login_user = ${root ? "dovenull" : me}
default_internal_user = ${root ? "dovecot" : me}
first_valid_uid = 1
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${mailUid} gid=${mailGid} home=${home}/%u
}
mail_location = maildir:~/Maildir
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
  chroot =
}
service anvil {
  chroot =
}
service stats {
  unix_listener stats-reader {
    mode = 0600
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
`;
  const configFile = path.join(dir, "dovecot.conf");
  writeFileSync(configFile, config);
  const child = spawn(binary, ["-F", "-c", configFile], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    await waitForPort(port, child, logFile);
  } catch (error) {
    child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${stderr.slice(-1000)}`);
  }

  const connect = async () => {
    const client = new ImapFlow({ host: "127.0.0.1", port, secure: false, auth: { user, pass: password }, logger: false, disableAutoIdle: true });
    client.on("error", () => {});
    await client.connect();
    return client;
  };

  return {
    host: "127.0.0.1",
    port,
    user,
    password,
    url: (mailbox = "INBOX", moveTo) => `imap://${user}:${password}@127.0.0.1:${port}/${encodeURIComponent(mailbox)}${moveTo ? `?move=${encodeURIComponent(moveTo)}` : ""}`,
    connect,
    async append(mailbox, raw) {
      const client = await connect();
      try {
        if (mailbox !== "INBOX") await client.mailboxCreate(mailbox);
        await client.append(mailbox, raw);
      } finally {
        await client.logout();
      }
    },
    async list(mailbox) {
      const client = await connect();
      try {
        const box = await client.mailboxOpen(mailbox, { readOnly: true });
        if (box.exists === 0) return [];
        const messages: { uid: number; flags: string[]; source: string }[] = [];
        for await (const message of client.fetch("1:*", { uid: true, flags: true, source: true })) {
          messages.push({ uid: message.uid, flags: [...(message.flags ?? [])].filter((flag) => flag !== "\\Recent").sort(), source: message.source?.toString("utf8") ?? "" });
        }
        return messages;
      } finally {
        await client.logout();
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

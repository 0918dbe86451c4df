// What some tests need beyond Node and the embedded database, and how a run without it says so.
// `npm test` on a fresh clone uses the embedded PGlite and may lack Debian's tools; a test that
// needs one of them is skipped with a printed reason there, never silently. In CI (CI=true) a
// missing tool is not a reason: the test that needs it fails.
import { spawnSync } from "node:child_process";

/** Whether `command` runs on this machine (`command --version` exits without ENOENT). */
export function commandAvailable(command: string, versionFlag = "--version"): boolean {
  return !spawnSync(command, [versionFlag], { stdio: "ignore" }).error;
}

/** True when the tests run on the embedded PGlite rather than a PostgreSQL server (TEST_DATABASE_URL). */
export const onEmbeddedDatabase = !process.env.TEST_DATABASE_URL;

/**
 * Whether to skip tests that need `what`: false when it is there or in CI; otherwise true, after
 * printing why and how to get it.
 */
export function skipWithout(available: boolean, what: string, howToGetIt: string): boolean {
  if (available || process.env.CI) return false;
  console.warn(`[tests] Se omiten las pruebas que necesitan ${what}: ${howToGetIt}`);
  return true;
}

/** Skip tests that need libxml2's xmllint when it is missing (outside CI). */
export const skipWithoutXmllint = () =>
  skipWithout(commandAvailable("xmllint"), "xmllint", "instálalo con `apt-get install libxml2-utils`.");

/** Skip tests that need xmlsec1 (an XML-DSig signer and verifier apart from ours) when it is missing (outside CI). */
export const skipWithoutXmlsec1 = () =>
  skipWithout(commandAvailable("xmlsec1"), "xmlsec1", "instálalo con `apt-get install xmlsec1`.");

/** Skip tests that need the openssl command (certificates and .pfx files made apart from ours) when it is missing (outside CI). */
export const skipWithoutOpenssl = () =>
  skipWithout(commandAvailable("openssl", "version"), "openssl", "instálalo con `apt-get install openssl`.");

/** Skip tests that need Info-ZIP's zip and unzip (archives made and read apart from ours) when either is missing (outside CI). */
export const skipWithoutInfoZip = () =>
  skipWithout(
    commandAvailable("zip", "-v") && commandAvailable("unzip", "-v"),
    "zip y unzip (Info-ZIP)",
    "instálalos con `apt-get install zip unzip`.",
  );

/**
 * Skip tests that need a PostgreSQL server rather than the embedded PGlite (several server
 * backends, pg_terminate_backend): PGlite runs one session in this process, so these are skipped
 * on it even in CI, which also runs the whole suite on a server.
 */
export function skipOnEmbeddedDatabase(): boolean {
  if (!onEmbeddedDatabase) return false;
  console.warn(
    "[tests] Se omiten las pruebas que necesitan un servidor PostgreSQL (la base embebida tiene una sola sesión): " +
      "define TEST_DATABASE_URL, p. ej. postgresql://postgres@127.0.0.1:5432/postgres.",
  );
  return true;
}

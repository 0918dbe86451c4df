// Runs one s3rver for tests/helpers/s3-server.ts in a process of its own, started with
// --openssl-legacy-provider: s3rver makes ListObjectsV2 continuation tokens with DES, which
// OpenSSL 3 (Node 17 and later) only offers through its legacy provider, so paging a listing
// fails with InternalError without it. Prints {"port": n} once listening; exits when its parent
// closes stdin (stop(), or the parent died).
import S3rver from "s3rver";

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory,
  // Path-style requests only (http://127.0.0.1:port/bucket/key), as the app's client sends them.
  vhostBuckets: false,
  configureBuckets: [{ name: bucket }],
});

process.stdin.on("end", () => process.exit(0));
process.stdin.on("close", () => process.exit(0));
process.stdin.resume();

const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);

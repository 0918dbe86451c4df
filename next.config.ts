import path from "node:path";
import type { NextConfig } from "next";
import { PHASE_PRODUCTION_SERVER } from "next/constants";
import { SERVER_ACTION_ALLOWED_ORIGINS } from "./lib/server-action-guard";

const isProduction = process.env.NODE_ENV === "production";

// The static policy of the pre-rendered public pages. Next's inline
// bootstrap scripts need 'unsafe-inline' where no nonce is used; nothing third-party
// may load except embedded videos. The signed-in areas get a nonce policy from proxy.ts.
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isProduction ? "" : " 'unsafe-eval'"}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  `connect-src 'self'${isProduction ? "" : " ws:"}`,
  "frame-src https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com",
  "media-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
  ...(isProduction ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }] : []),
];

const nextConfig: NextConfig = {
  // Lets several servers run side by side from one checkout (e.g. a dev server and the e2e build).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // No ETag on pages. Next makes it by hashing the whole body of every answer, one character at
  // a time, on every request (a pre-rendered page too): about a quarter of the server's time for
  // a 40–60 kB public page, and 1 ms for the largest list pages. A 304 it allowed saved only
  // the transfer, never that work. Pages are kept by the caching front (deploy/nginx). Route
  // handlers that want one set their own (the media files do).
  generateEtags: false,
  reactStrictMode: true,
  // pdfkit (invoice PDFs, lib/billing/pdf.ts) loads its standard-font metrics through a
  // runtime require of its own "#standard-fonts/…" imports: it runs from node_modules, unbundled.
  serverExternalPackages: ["pdfkit"],
  // Next's own trailing-slash redirect is answered before headers() apply, so it went out without
  // any security header; proxy.ts answers the same 308 instead (only for such paths, see its matcher).
  skipTrailingSlashRedirect: true,
  experimental: {
    serverActions: { allowedOrigins: SERVER_ACTION_ALLOWED_ORIGINS },
    // app/global-not-found.tsx answers URLs no route matches, so the root not-found boundary,
    // which Next renders into every page's payload, can stay without the public header and footer.
    globalNotFound: true,
  },
  // No rewrites: each would be paid by every request to any path (Next's router tests them in
  // turn, and its page handler compiles them all again). The list pages' earlier query URLs and
  // malformed escapes are handled by proxy.ts, which runs for those requests only.
  async headers() {
    // Sources without named parameters: Next compiles a header's value on every request whose
    // source captured a named parameter (the policy's "data:" reads as one), and unnamed groups
    // capture nothing it keeps.
    return [
      { source: "/(.*)", headers: securityHeaders },
      // The signed-in areas get a nonce-based policy from proxy.ts instead of the static one, and
      // media files keep their route's own (lib/media/files.ts: nothing runs, sandboxed): a policy
      // set here would replace it.
      { source: "/", headers: [{ key: "Content-Security-Policy", value: contentSecurityPolicy }] },
      { source: "/((?!admin|client|media/).*)", headers: [{ key: "Content-Security-Policy", value: contentSecurityPolicy }] },
      // The icon sprite is referenced with its content hash (components/icons/version.ts): a new
      // sprite has a new URL, so browsers and the front may keep this one for a year.
      { source: "/icons.svg", headers: [{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }] },
    ];
  },
};

/**
 * A production server with REDIS_URL keeps Next's cache in Redis, shared by every instance
 * (cache-handler.mjs), with no copy in each process's memory that another instance's edit could
 * not reach. The build, development and a server without REDIS_URL keep Next's own cache.
 */
export default function config(phase: string): NextConfig {
  if (phase !== PHASE_PRODUCTION_SERVER || !process.env.REDIS_URL) return nextConfig;
  return { ...nextConfig, cacheHandler: path.resolve("cache-handler.mjs"), cacheMaxMemorySize: 0 };
}

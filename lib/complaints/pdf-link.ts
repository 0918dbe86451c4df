import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { absoluteUrl } from "@/lib/site-url";

// The consumer's own link to the PDF of their sheet, with no account: the sheet's number and an
// HMAC of it under AUTH_SECRET. Numbers follow each other ("2026-000041", "2026-000042"), so the
// number alone must never open a sheet; without the server's secret nobody can make the token.

const NUMBER_PATTERN = /^\d{4}-\d{6}$/;

function secret(): string {
  const value = process.env.AUTH_SECRET;
  if (!value) throw new Error("AUTH_SECRET is not set");
  return value;
}

/** base64url HMAC-SHA256 of "complaint-pdf:<number>" under AUTH_SECRET. */
export function complaintPdfToken(number: string): string {
  return createHmac("sha256", secret()).update(`complaint-pdf:${number}`).digest("base64url");
}

/** True only for a well-formed number and its own token (compared in constant time). */
export function isComplaintPdfToken(number: string, token: string | null | undefined): boolean {
  if (!NUMBER_PATTERN.test(number) || typeof token !== "string" || token.length === 0 || token.length > 100) return false;
  const expected = Buffer.from(complaintPdfToken(number));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The link's path on this site: "/api/v1/complaints/2026-000001/pdf?token=…". */
export function complaintPdfPath(number: string): string {
  return `/api/v1/complaints/${encodeURIComponent(number)}/pdf?token=${complaintPdfToken(number)}`;
}

/** The same link, absolute (for e-mails and API clients). */
export function complaintPdfUrl(number: string): string {
  return absoluteUrl(complaintPdfPath(number));
}

// Server actions whose real call takes no argument: for them the hostile "no arguments" shape
// is that real call (it may write: a sitemap, an enrolment) and is not sent. One list for
// tests/server-actions-shapes.test.ts and npm run test:abuse, so both suites skip the same calls.
export const ACTIONS_WITHOUT_ARGUMENTS: ReadonlySet<string> = new Set([
  "generateSitemapAction",
  "refreshSitemapStatusAction",
  "signOutAction",
  "startTwoFactorEnrollmentAction",
  "accountDeletionStatusAction",
  "billingFormOptionsAction",
]);

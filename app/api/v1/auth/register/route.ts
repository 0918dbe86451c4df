import { conflict, rateLimited } from "@/lib/errors";
import { apiRoute } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { EmailTakenError, RateLimitedError, registerClient } from "@/lib/auth/accounts";
import { createApiToken } from "@/lib/auth/api-tokens";
import { registerSchema } from "@/lib/auth/schema";
import { clientIp } from "@/lib/client-address";
import { consentColumns } from "@/lib/legal/consent";
import { serializeUser } from "@/lib/users/serialize";

/**
 * POST /api/v1/auth/register { name, email, password, password_confirmation, privacy_accepted? } → 201
 * `{ user, token }`: a new client account, already signed in through the token.
 * `privacy_accepted`: true stores the privacy policy's version and time, false is 422, absent stays
 * unrecorded. 409 when the e-mail is taken; 429 (Retry-After) past the per-IP limit; 422 / 400 / 413.
 */
export const POST = apiRoute(async (request) => {
  const input = await readJsonBody(request, registerSchema);
  let user;
  try {
    user = await registerClient(input, clientIp(request.headers), consentColumns(input.privacy_accepted));
  } catch (error) {
    if (error instanceof RateLimitedError) throw rateLimited(error.retryAfterSeconds);
    if (error instanceof EmailTakenError) throw conflict(error.message, { email: [error.message] });
    throw error;
  }
  const token = await createApiToken(user.id);
  return Response.json({ user: serializeUser(user), token }, { status: 201, headers: { "Cache-Control": "no-store" } });
});

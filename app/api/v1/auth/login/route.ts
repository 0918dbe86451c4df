import { forbidden, rateLimited, unauthenticated } from "@/lib/errors";
import { apiRoute } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { authenticateWithPassword, RateLimitedError } from "@/lib/auth/accounts";
import { createApiToken } from "@/lib/auth/api-tokens";
import { loginSchema } from "@/lib/auth/schema";
import { createChallenge, mustEnrollTwoFactor, twoFactorEnabled } from "@/lib/auth/two-factor";
import { TWO_FACTOR_MESSAGES } from "@/lib/auth/two-factor-schema";
import { clientIp } from "@/lib/client-address";
import { serializeUser } from "@/lib/users/serialize";

/**
 * POST /api/v1/auth/login { email, password } → 200 `{ user, token }` (a new bearer token).
 * For an account with a second factor: 200 `{ two_factor_required: true, challenge }` and no
 * token; the challenge and a code go to POST /api/v1/auth/two-factor within 5 minutes. 403 for
 * an admin without a second factor while the settings require one.
 * 401 on wrong credentials (same answer and time for an unknown e-mail); 429 with Retry-After
 * after too many failures from this IP or for this e-mail; 422 / 400 / 413 on a bad body.
 */
export const POST = apiRoute(async (request) => {
  const { email, password } = await readJsonBody(request, loginSchema);
  let result;
  try {
    result = await authenticateWithPassword(email, password, clientIp(request.headers));
  } catch (error) {
    if (error instanceof RateLimitedError) throw rateLimited(error.retryAfterSeconds);
    throw error;
  }
  if (!result.ok) throw unauthenticated("Credenciales incorrectas.");
  if (await twoFactorEnabled(result.user.id)) {
    const { challenge } = await createChallenge(result.user.id);
    return Response.json({ two_factor_required: true, challenge }, { headers: { "Cache-Control": "no-store" } });
  }
  if (await mustEnrollTwoFactor(result.user)) throw forbidden(TWO_FACTOR_MESSAGES.apiEnrolFirst);
  const token = await createApiToken(result.user.id);
  return Response.json({ user: serializeUser(result.user), token }, { headers: { "Cache-Control": "no-store" } });
});

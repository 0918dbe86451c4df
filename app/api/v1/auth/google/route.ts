import { conflict, forbidden, unauthenticated } from "@/lib/errors";
import { apiRoute } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { findOrCreateGoogleUser, GoogleLinkRefusedError } from "@/lib/auth/accounts";
import { createApiToken } from "@/lib/auth/api-tokens";
import { InvalidGoogleTokenError, verifyGoogleIdToken } from "@/lib/auth/google";
import { googleTokenSchema } from "@/lib/auth/schema";
import { mustEnrollTwoFactor, twoFactorEnabled } from "@/lib/auth/two-factor";
import { TWO_FACTOR_MESSAGES } from "@/lib/auth/two-factor-schema";
import { serializeUser } from "@/lib/users/serialize";

/**
 * POST /api/v1/auth/google { token } — `token` is a Google ID token. Its signature (Google's
 * keys, GOOGLE_JWKS_URL), audience (AUTH_GOOGLE_ID), issuer, expiry and verified e-mail are
 * checked; the user is found (by Google account, then by e-mail, and linked) or created as a
 * client → 200 `{ token, user }`. Any failure → 401 and nothing is created. An existing account
 * whose address is not verified yet is never linked → 409. An account with a second factor signs
 * in with its password and code only → 403; so does an admin without one while the settings
 * require it (403, enrol in the panel first).
 */
export const POST = apiRoute(async (request) => {
  const { token: idToken } = await readJsonBody(request, googleTokenSchema);
  let identity;
  try {
    identity = await verifyGoogleIdToken(idToken);
  } catch (error) {
    if (error instanceof InvalidGoogleTokenError) {
      throw unauthenticated("Login con Google fallido. Intenta con email y contraseña.");
    }
    throw error;
  }
  let user;
  try {
    user = await findOrCreateGoogleUser(identity);
  } catch (error) {
    if (error instanceof GoogleLinkRefusedError) throw conflict(error.message);
    throw error;
  }
  if (await twoFactorEnabled(user.id)) throw forbidden(TWO_FACTOR_MESSAGES.googleRefused);
  if (await mustEnrollTwoFactor(user)) throw forbidden(TWO_FACTOR_MESSAGES.apiEnrolFirst);
  const token = await createApiToken(user.id);
  return Response.json({ token, user: serializeUser(user) }, { headers: { "Cache-Control": "no-store" } });
});

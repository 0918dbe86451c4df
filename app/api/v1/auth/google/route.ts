import { conflict, unauthenticated } from "@/lib/errors";
import { apiRoute } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { findOrCreateGoogleUser, GoogleLinkRefusedError } from "@/lib/auth/accounts";
import { createApiToken } from "@/lib/auth/api-tokens";
import { InvalidGoogleTokenError, verifyGoogleIdToken } from "@/lib/auth/google";
import { googleTokenSchema } from "@/lib/auth/schema";
import { serializeUser } from "@/lib/users/serialize";

/**
 * POST /api/v1/auth/google { token } — `token` is a Google ID token. Its signature (Google's
 * keys, GOOGLE_JWKS_URL), audience (AUTH_GOOGLE_ID), issuer, expiry and verified e-mail are
 * checked; the user is found (by Google account, then by e-mail, and linked) or created as a
 * client → 200 `{ token, user }`. Any failure → 401 and nothing is created. An existing account
 * whose address is not verified yet is never linked → 409.
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
  const token = await createApiToken(user.id);
  return Response.json({ token, user: serializeUser(user) }, { headers: { "Cache-Control": "no-store" } });
});

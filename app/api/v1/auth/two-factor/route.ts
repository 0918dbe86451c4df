import { apiRoute } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { createApiToken } from "@/lib/auth/api-tokens";
import { redeemChallenge } from "@/lib/auth/two-factor";
import { twoFactorLoginSchema } from "@/lib/auth/two-factor-schema";
import { clientIp } from "@/lib/client-address";
import { serializeUser } from "@/lib/users/serialize";

/**
 * POST /api/v1/auth/two-factor { challenge, code } — the second step of POST /api/v1/auth/login
 * for an account with a second factor: `challenge` as login answered it, `code` the 6 digits of
 * the authenticator app or a recovery code (xxxx-xxxx, each works once) → 200 `{ user, token }`.
 * 401 "Código incorrecto." on a wrong code (the 5th wrong code ends the challenge); 401 "El
 * código expiró; vuelve a iniciar sesión." for an unknown, expired (5 minutes) or ended
 * challenge; 429 with Retry-After after 5 wrong codes for the account in 15 minutes; 422 on a
 * malformed body.
 */
export const POST = apiRoute(async (request) => {
  const { challenge, code } = await readJsonBody(request, twoFactorLoginSchema);
  const user = await redeemChallenge(challenge, code, clientIp(request.headers));
  const token = await createApiToken(user.id);
  return Response.json({ user: serializeUser(user), token }, { headers: { "Cache-Control": "no-store" } });
});

import { readPaymentQr } from "@/lib/billing/collection-settings";
import { authRoute } from "@/lib/http/auth-route";

/**
 * GET /api/v1/payment-qr → the Yape/Plin QR image of "Cómo pagar" (any signed-in user, admin or
 * client; private, never kept by a shared cache). 404 when none is configured.
 */
export const GET = authRoute("user", async () => {
  const image = await readPaymentQr();
  return new Response(new Uint8Array(image.body), {
    status: 200,
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.body.byteLength),
      "Content-Disposition": 'inline; filename="codigo-qr-pago"',
      "X-Content-Type-Options": "nosniff",
      // An image of ours, never a page: nothing in it runs if it is opened directly.
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
});

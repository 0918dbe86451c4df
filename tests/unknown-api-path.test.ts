// An /api path no route serves answers 404 in the contract's JSON shape, for every method and
// whatever the body, which it never reads (an 11 MB upload to a path that does not exist is
// not buffered). Through the production server, where Next would otherwise treat a multipart
// or Next-Action POST there as a server action (500 / 400): `npm run test:abuse`, section 6.
import { describe, expect, it } from "vitest";
import * as noRoute from "@/app/api/[...path]/route";

describe("/api/<anything without a route>", () => {
  it("is a JSON 404 with a Spanish message for GET, POST, PUT, PATCH and DELETE, private, no-store", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"] as const) {
      let pulled = 0;
      const body =
        method === "GET"
          ? undefined
          : new ReadableStream<Uint8Array>({
              pull(controller) {
                pulled += 1;
                if (pulled > 200) controller.close();
                else controller.enqueue(new Uint8Array(64 * 1024));
              },
            });
      const request = new Request("http://localhost/api/v1/admin/media", {
        method,
        headers: { "content-type": "multipart/form-data; boundary=x", "next-action": "0".repeat(42) },
        body,
        ...(body ? { duplex: "half" } : {}),
      } as RequestInit);
      const response = await noRoute[method](request, { params: Promise.resolve({ path: ["v1", "admin", "media"] }) });
      expect(response.status).toBe(404);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(((await response.json()) as { message: string }).message).toMatch(/No existe/);
      expect(pulled).toBeLessThanOrEqual(2); // the body was never read
    }
  });
});

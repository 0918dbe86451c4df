/** A private file download (the PDF, the signed XML, the CDR): never cached, never sniffed. */
export function fileResponse(file: { fileName: string; contentType: string; body: Uint8Array }, disposition: "attachment" | "inline" = "attachment"): Response {
  return new Response(new Uint8Array(file.body), {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `${disposition}; filename="${file.fileName.replace(/[^\w.-]/g, "_")}"`,
      "Content-Length": String(file.body.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

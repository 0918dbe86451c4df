/**
 * A JSON file as a download (`application/json; charset=utf-8`, attachment, never cached),
 * streamed from its text in pieces, so a large file never sits in memory at once. `logLabel`
 * names it in the server log if it fails half way (the download then ends broken, never as a
 * file that looks complete).
 */
export function jsonDownloadResponse(fileName: string, chunks: AsyncGenerator<string>, logLabel: string): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        console.error(`[${logLabel}] La descarga JSON falló a mitad`, error);
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

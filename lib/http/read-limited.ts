/**
 * Reads a request body up to `max` bytes; stops reading (and cancels the stream) as soon as it is
 * larger and throws what `tooLarge` gives. Shared by JSON bodies and file uploads.
 */
export async function readBodyLimited(
  body: ReadableStream<Uint8Array> | null,
  max: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

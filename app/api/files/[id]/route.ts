import { requireUser } from "@/lib/auth/session";
import { readOwnFile } from "@/lib/files/read";
import { removePendingFile } from "@/lib/files/upload";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

// Types a browser may show inline; everything else (all text kinds) is sent as plain text, so an
// HTML or SVG file is never rendered, and the sandbox CSP stops scripts whatever the browser thinks.
const INLINE = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf"]);

/** GET — the file's bytes, for its owner only (404 for anyone else). `?download=1` saves it. */
export const GET = route<{ id: string }>({}, async ({ params: { id }, search }) => {
  const user = await requireUser();
  const file = await readOwnFile({ id, userId: user.id });
  const type = INLINE.has(file.mimeType) ? file.mimeType : "text/plain; charset=utf-8";
  const disposition = search.get("download") ? "attachment" : "inline";
  return new Response(Buffer.from(file.data), {
    headers: {
      "Content-Type": type,
      "Content-Length": String(file.data.byteLength),
      "Content-Disposition": `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
      "Cache-Control": "private, max-age=3600",
    },
  });
});

/** DELETE — remove an upload that was not sent yet (409 once it is part of a message). */
export const DELETE = route<{ id: string }>({}, async ({ params: { id } }) => {
  const user = await requireUser();
  await removePendingFile({ id, userId: user.id });
  return Response.json({ ok: true });
});

import { requireUser } from "@/lib/auth/session";
import { myFiles } from "@/lib/files/my-files";
import { uploadFile } from "@/lib/files/upload";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * POST — upload one file: the raw bytes as the body, the name URI-encoded in `X-File-Name`. The
 * type is sniffed from the content (the request's Content-Type is ignored). Answers the pending
 * attachment `{ id, name, mimeType, kind, size }`; it becomes part of the next message sent with it.
 */
export const POST = route({}, async ({ req }) => {
  const user = await requireUser();
  const file = await uploadFile({ userId: user.id, headers: req.headers, body: req.body });
  return Response.json(file, { status: 201 });
});

/** GET — the user's files (My files): where each is used, and their storage against the quota. */
export const GET = route({}, async () => {
  const user = await requireUser();
  return Response.json(await myFiles(user.id));
});

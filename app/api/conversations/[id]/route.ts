import { requireUser } from "@/lib/auth/session";
import { liveRunForConversation } from "@/lib/chat/live-runs";
import { renameSchema } from "@/lib/chat/validation";
import {
  deleteConversation,
  getConversationForUser,
  listMessages,
  renameConversation,
} from "@/lib/db/conversations";
import { AppError, errorResponse } from "@/lib/errors";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** GET — the conversation with every message (all branches) and its live run, if any. */
export async function GET(_request: Request, { params }: Ctx) {
  try {
    const user = await requireUser();
    const { id } = await params;
    const conversation = await getConversationForUser({ id, userId: user.id });
    const messages = await listMessages({ conversationId: id });
    const live = liveRunForConversation(id);
    return Response.json({ conversation, messages, liveRunId: live?.meta.runId ?? null });
  } catch (err) {
    return errorResponse(err);
  }
}

/** PATCH { title } — rename. */
export async function PATCH(request: Request, { params }: Ctx) {
  try {
    const user = await requireUser();
    const { id } = await params;
    const parsed = renameSchema.safeParse(await request.json().catch(() => null));
    if (!parsed.success)
      throw new AppError("bad_request:conversation", parsed.error.issues[0]?.message ?? "Invalid title.");
    return Response.json(await renameConversation({ id, userId: user.id, title: parsed.data.title }));
  } catch (err) {
    return errorResponse(err);
  }
}

export async function DELETE(_request: Request, { params }: Ctx) {
  try {
    const user = await requireUser();
    const { id } = await params;
    await getConversationForUser({ id, userId: user.id });
    liveRunForConversation(id)?.abort();
    await deleteConversation({ id, userId: user.id });
    return Response.json({ ok: true });
  } catch (err) {
    return errorResponse(err);
  }
}

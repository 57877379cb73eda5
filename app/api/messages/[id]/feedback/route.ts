import { requireUser } from "@/lib/auth/session";
import { removeMessageFeedback, setMessageFeedback } from "@/lib/feedback/feedback";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * PUT `{ rating: "up" | "down", comment?: string }` — the signed-in user's feedback on an answer in
 * one of their conversations (replaces their earlier one); 404 for anyone else's message.
 */
export const PUT = route<{ id: string }>({ json: true }, async ({ params: { id }, body }) => {
  const user = await requireUser();
  return Response.json(await setMessageFeedback({ userId: user.id, messageId: id, body }));
});

/** DELETE — removes the user's feedback on the answer. */
export const DELETE = route<{ id: string }>({}, async ({ params: { id } }) => {
  const user = await requireUser();
  await removeMessageFeedback({ userId: user.id, messageId: id });
  return Response.json({ ok: true });
});

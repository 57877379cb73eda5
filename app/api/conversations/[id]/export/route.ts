import { requireUser } from "@/lib/auth/session";
import { exportConversation } from "@/lib/chat/conversation-transfer";
import { AppError } from "@/lib/errors";
import { requestErrorLocale } from "@/lib/http/error-body";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** GET ?format=json|markdown — the user's conversation as a download (404 for anyone else's). Reads only. */
export const GET = route<{ id: string }>({}, async ({ req, params: { id }, search }) => {
  const user = await requireUser();
  const format = search.get("format") ?? "json";
  if (format !== "json" && format !== "markdown") throw new AppError("bad_request:export_format");
  const file = await exportConversation({
    id,
    userId: user.id,
    format,
    locale: await requestErrorLocale(req),
  });
  return new Response(file.body, {
    headers: {
      "Content-Type": file.type,
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      "Cache-Control": "no-store",
    },
  });
});

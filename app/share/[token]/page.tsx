import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SharedConversationView } from "@/components/share/shared-conversation";
import { errorWriter, requestErrorLocale } from "@/lib/http/error-body";
import { readShare } from "@/lib/shares/shares";

// Public: outside the (app) group, so no session is asked for. Read only, rendered per request.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("chat.sharePage");
  // A shared link is for the people it was given to, not for search engines.
  return { title: t("title"), robots: { index: false, follow: false } };
}

export default async function SharedConversationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const shared = await readShare({ token, write: await errorWriter(await requestErrorLocale()) });
  // Unknown, revoked and expired links look the same.
  if (!shared) notFound();
  return <SharedConversationView title={shared.title} messages={shared.messages} />;
}

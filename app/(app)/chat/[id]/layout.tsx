import { getTranslations } from "next-intl/server";

// Every page has an h1 (axe page-has-heading-one). A conversation's page shows messages, not a
// heading, so its h1 is for screen readers only; the sidebar marks which conversation is open.
export default async function ConversationLayout({ children }: { children: React.ReactNode }) {
  const t = await getTranslations("chat.page");
  return (
    <>
      <h1 className="sr-only">{t("conversation")}</h1>
      {children}
    </>
  );
}

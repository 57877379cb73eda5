// Every page has an h1 (axe page-has-heading-one). A conversation's page shows messages, not a
// heading, so its h1 is for screen readers only; the sidebar marks which conversation is open.
export default function ConversationLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <h1 className="sr-only">Conversation</h1>
      {children}
    </>
  );
}

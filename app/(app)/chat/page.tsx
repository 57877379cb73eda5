import type { Metadata } from "next";

export const metadata: Metadata = { title: "Chat" };

export default function ChatPage() {
  return (
    <div className="flex h-full items-center justify-center p-6 text-center">
      <div className="max-w-md space-y-2">
        <h1 className="text-xl font-semibold" data-testid="chat-title">
          Chat
        </h1>
        <p className="text-sm text-zinc-500">Chatting with agents is not built yet (issue 4).</p>
      </div>
    </div>
  );
}

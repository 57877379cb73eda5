import type { Metadata } from "next";

export const metadata: Metadata = { title: "Agents" };

export default function AgentsPage() {
  return (
    <div className="flex h-full items-center justify-center p-6 text-center">
      <div className="max-w-md space-y-2">
        <h1 className="text-xl font-semibold">Agents</h1>
        <p className="text-sm text-zinc-500">The agent builder is not built yet (issue 5).</p>
      </div>
    </div>
  );
}

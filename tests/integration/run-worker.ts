// A separate app process for run-faults.test.ts, on the database in $DATABASE_URL. Run with
// --conditions=react-server so the "server-only" marker resolves to its empty server build.
//   setup <fakeOpenAIBaseUrl>        creates a user, an endpoint and an agent; prints their ids
//   run <userId> <agentId> <text>    starts its process lease ("ready"), then an answer, and prints
//                                    progress lines until it is saved;
//                                    SIGTERM/SIGINT shut it down like the app (lib/chat/shutdown.ts)
import { registerUser } from "@/lib/auth/register";
import { createAgent } from "@/lib/builder/agents";
import { installShutdownHandlers } from "@/lib/chat/shutdown";
import { startChat } from "@/lib/chat/start-chat";
import type { PublicUser } from "@/lib/db/users";
import { createEndpoint } from "@/lib/endpoints/admin";
import { ensureProcessLease } from "@/lib/quota/process-lease";

const say = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);
const [mode, ...args] = process.argv.slice(2);

if (mode === "setup") {
  const user = await registerUser({
    input: { name: "Faulty", email: `faulty-${Date.now()}@example.com`, password: "correct-horse-42" },
  });
  const endpoint = await createEndpoint({
    input: {
      name: `Slow fake ${Date.now()}`,
      protocol: "openai",
      baseURL: args[0],
      apiKey: "sk-fake",
      models: ["fake-model"],
      restricted: false,
      allowUserKeys: false,
      allowedUserIds: [],
    },
  });
  const agent = await createAgent({
    userId: user.id,
    input: { name: "Slow agent", provider: endpoint.id, model: "fake-model" },
  });
  say({ type: "setup", userId: user.id, agentId: agent.id });
  process.exit(0);
}

if (mode === "run") {
  const [userId, agentId, text] = args;
  installShutdownHandlers();
  // As the server's start-up does (instrumentation.ts) before it says it is ready.
  await ensureProcessLease();
  say({ type: "ready", at: Date.now() });
  let signalled = false;
  process.once("SIGTERM", () => {
    signalled = true;
  });
  const live = await startChat({ user: { id: userId } as PublicUser, body: { agentId, text } });
  say({ type: "meta", runId: live.meta.runId, assistantMessageId: live.meta.assistantMessageId });
  let chars = 0;
  live.listeners.add((item) => {
    if (item?.type === "text_delta" && item.depth === 0) {
      chars += item.text.length;
      say({ type: "chars", chars });
    }
    if (item?.type === "run_end") say({ type: "run_end", status: item.status, chars });
  });
  await live.ended;
  say({ type: "saved" });
  // On a signal the shutdown handler ends the process, after releasing the lease.
  if (!signalled) process.exit(0);
}

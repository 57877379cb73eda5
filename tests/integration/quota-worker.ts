// A separate Node process for quota-processes.test.ts: fires N admitRun calls at once and prints
// how many were admitted and which codes the others got. Run with --conditions=react-server so
// the "server-only" marker resolves to its empty server build.
import { admitRun } from "@/lib/quota";

const [userId, conversationId, n, tag] = process.argv.slice(2);
const results = await Promise.allSettled(
  Array.from({ length: Number(n) }, (_, i) =>
    admitRun({ userId, conversationId, assistantMessageId: `${tag}_${i}`, agentId: "a" }),
  ),
);
const admitted = results.filter((r) => r.status === "fulfilled").length;
const codes = results.flatMap((r) =>
  r.status === "rejected" ? [(r.reason as { code?: string }).code ?? String(r.reason)] : [],
);
console.log(JSON.stringify({ admitted, codes }));
process.exit(0);

// npm run agents -- export|import …  (see lib/teams/cli.ts; DATABASE_URL names the database)
import { text } from "node:stream/consumers";
import { getPool } from "@/lib/db/client";
import { runAgentsCli } from "@/lib/teams/cli";

const code = await runAgentsCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(line.endsWith("\n") ? line : `${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  stdin: () => text(process.stdin),
});
await getPool().end();
process.exit(code);

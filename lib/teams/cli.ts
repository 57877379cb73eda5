// `npm run agents -- export|import`: team files for teams that keep their agents in git. Runs
// against DATABASE_URL as a named user, through the same functions as the UI and the JSON API
// (what the user may view and edit, the same checks, the same errors), written in English.
import "server-only";
import { readFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { listUsableAgents } from "@/lib/db/agents";
import { findUserByEmail } from "@/lib/db/users";
import { listModelChoices } from "@/lib/endpoints/catalog";
import { AppError } from "@/lib/errors";
import { errorBody } from "@/lib/http/error-body";
import { exportTeam } from "./export";
import { importTeam } from "./import";
import { teamFileText } from "./yaml";

export const CLI_USAGE = `Usage:
  npm run agents -- export <agentId|name> FILE --user EMAIL
  npm run agents -- import FILE --user EMAIL [--mode create|update]
      [--map-endpoint "Name in file=endpoint id or name"]... [--map-tool "mcp/Server/tool=tool name"]...
FILE "-" is standard output (export) or input (import).`;

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  stdin?: () => Promise<string>;
}

/** Runs one command; returns the exit code (0 done, 1 refused, 2 usage). */
export async function runAgentsCli(argv: string[], io: Io): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    io.err(`${(err as Error).message}\n\n${CLI_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  const usage = () => {
    io.err(CLI_USAGE);
    return 2;
  };
  if (!values.user) return usage();
  try {
    const user = await findUserByEmail({ email: values.user });
    if (!user || user.disabled) throw new AppError("not_found:user");
    if (command === "export" && rest.length === 2) {
      const agentId = await agentIdFor(rest[0], user.id);
      const text = teamFileText(await exportTeam({ userId: user.id, agentId }));
      if (rest[1] === "-") io.out(text);
      else {
        await writeFile(rest[1], text, "utf8");
        io.err(`Exported ${rest[0]} to ${rest[1]}.`);
      }
      return 0;
    }
    if (command === "import" && rest.length === 1) {
      const file = rest[0] === "-" ? await (io.stdin?.() ?? "") : await readFile(rest[0], "utf8");
      const result = await importTeam({
        userId: user.id,
        input: {
          file,
          mode: values.mode,
          mapping: {
            endpoints: await endpointMapping(pairs(values["map-endpoint"]), user.id),
            tools: Object.fromEntries(pairs(values["map-tool"])),
          },
        },
      });
      io.out(JSON.stringify(result));
      return 0;
    }
    return usage();
  } catch (err) {
    if (!(err instanceof AppError) && !isFileError(err)) throw err;
    io.err(err instanceof AppError ? (await errorBody(err)).message : (err as Error).message);
    return 1;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      user: { type: "string" },
      mode: { type: "string" },
      "map-endpoint": { type: "string", multiple: true },
      "map-tool": { type: "string", multiple: true },
    },
  });
}

const pairs = (list: string[] | undefined): [string, string][] =>
  (list ?? []).map((p) => {
    const at = p.lastIndexOf("=");
    return at < 0 ? [p, ""] : [p.slice(0, at), p.slice(at + 1)];
  });

/** An endpoint may be named by id or by its name here (the import checks the user may use it). */
async function endpointMapping(list: [string, string][], userId: string): Promise<Record<string, string>> {
  if (!list.length) return {};
  const choices = await listModelChoices({ userId });
  return Object.fromEntries(list.map(([from, to]) => [from, choices.find((c) => c.name === to)?.id ?? to]));
}

/** An agent id, or the name of an agent the user may view (their own first). */
async function agentIdFor(idOrName: string, userId: string): Promise<string> {
  const agents = await listUsableAgents({ userId });
  const byName = agents
    .filter((a) => a.name === idOrName)
    .sort((a, b) => Number(b.isOwner) - Number(a.isOwner));
  return agents.find((a) => a.id === idOrName)?.id ?? byName[0]?.id ?? idOrName;
}

const isFileError = (err: unknown) =>
  err instanceof Error && typeof (err as NodeJS.ErrnoException).code === "string" && "path" in err;

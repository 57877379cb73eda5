import { parse, stringify, YAMLParseError } from "yaml";
import { AppError } from "@/lib/errors";
import { issueText } from "@/lib/http/zod-fields";
import { MAX_TEAM_FILE_BYTES, type TeamFile, teamFileSchema } from "./file-schema";

// Reading and writing the YAML text of a team file. Reading is bounded (size, aliases) and every
// refusal is a typed 4xx naming what is wrong: the line of a YAML error, the field of a schema one.

/** The file's text, in a stable layout (key order as built, long text as block scalars). */
export function teamFileText(file: TeamFile): string {
  return stringify(file, { lineWidth: 0, blockQuote: "literal" });
}

/** Parses and checks the shape of a team file; the form's rules are checked per agent afterwards. */
export function parseTeamFile(text: string): TeamFile {
  if (Buffer.byteLength(text, "utf8") > MAX_TEAM_FILE_BYTES) {
    throw new AppError("payload_too_large:team_file", { values: { kilobytes: MAX_TEAM_FILE_BYTES / 1024 } });
  }
  let raw: unknown;
  try {
    // Few aliases: a file of nested aliases can't expand into gigabytes.
    raw = parse(text, { maxAliasCount: 20, uniqueKeys: true, prettyErrors: true });
  } catch (err) {
    // Too many aliases is a ReferenceError; anything else is not about the text.
    if (!(err instanceof YAMLParseError) && !(err instanceof ReferenceError)) throw err;
    const line = err instanceof YAMLParseError ? (err.linePos?.[0]?.line ?? 0) : 0;
    throw new AppError("bad_request:team_yaml", { values: { line } });
  }
  const parsed = teamFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.length ? issue.path.join(".") : "file";
    throw new AppError("bad_request:team_field", { values: { field, problem: issueText(issue) } });
  }
  return parsed.data;
}

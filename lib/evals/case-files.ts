// The files of eval cases. A case names files (JSONL `"files": ["report.pdf"]`) among the uploads
// of the suite's owner — the agent's owner, who edits the cases — whoever runs the suite: a viewer
// who runs it lends the owner's files to that run only (the model reads them as it would in chat;
// the viewer is never given the file: no copy is made for them, nothing lists or serves it).
// A name means the owner's newest upload of that name (an upload a case names is not swept as
// forgotten, lib/db/files.ts); names rather than ids keep an exported suite importable elsewhere.
import "server-only";
import type { ConversationMessage } from "@/lib/agents";
import { newestAttachmentsByName } from "@/lib/db/files";
import { AppError } from "@/lib/errors";
import { withFileContents } from "@/lib/files/send";
import type { EvalCaseData, JsonlProblem } from "./cases";

/**
 * What is wrong with the cases' files for this owner, per line (`lines[i]` is case i's line):
 * a name that is not one of the owner's files, or more files than a message may carry.
 */
export async function caseFileProblems({
  ownerId,
  cases,
  lines,
  maxPerMessage,
}: {
  ownerId: string;
  cases: EvalCaseData[];
  lines: number[];
  maxPerMessage: number;
}): Promise<JsonlProblem[]> {
  const names = [...new Set(cases.flatMap((c) => c.files ?? []))];
  const found = await newestAttachmentsByName({ userId: ownerId, names });
  const problems: JsonlProblem[] = [];
  cases.forEach((c, i) => {
    const files = [...new Set(c.files ?? [])];
    const missing = files.filter((name) => !found.has(name));
    if (missing.length)
      problems.push({
        line: lines[i],
        message: `files: ${missing.map((n) => JSON.stringify(n)).join(", ")} ${missing.length > 1 ? "are" : "is"} not in your files (upload ${missing.length > 1 ? "them" : "it"} first)`,
      });
    else if (files.length > maxPerMessage)
      problems.push({ line: lines[i], message: `files: a message can carry at most ${maxPerMessage}` });
  });
  return problems;
}

/**
 * The case's input message for the engine, its files' content included exactly as a chat message's
 * (lib/files/send.ts). A file the owner no longer has, or more files than the runner's limit, is a
 * refusal the case reports as its error.
 */
export async function caseMessage({
  ownerId,
  input,
  files,
  maxPerMessage,
}: {
  ownerId: string;
  input: string;
  files: string[] | undefined;
  maxPerMessage: number;
}): Promise<ConversationMessage> {
  const names = [...new Set(files ?? [])];
  if (!names.length) return { role: "user", content: input };
  if (names.length > maxPerMessage)
    throw new AppError("limit:files_per_message", { values: { max: maxPerMessage } });
  const found = await newestAttachmentsByName({ userId: ownerId, names });
  const attachments = names.map((name) => {
    const a = found.get(name);
    if (!a) throw new AppError("bad_request:eval_file_missing", { values: { name } });
    return a;
  });
  const [message] = await withFileContents([{ role: "user", content: input, attachments }]);
  return message;
}

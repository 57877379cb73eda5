// A stored answer's error, worded when it is shown, in the reader's language: an answer keeps
// what ended it (its code, and for refusals its catalog message with values) and the sentence of
// the language it was written in. Rows of older versions have no catalog message: their code's
// sentence is used when the catalog has one for it, else a stored English catalog sentence is
// recognised, else the stored text is shown as it is (never lost, never a raw key).
import type { RunError } from "@/lib/agents";
import { type ErrorText, keyOfCode } from "@/lib/errors";
import type { ErrorWriter } from "@/lib/http/error-writer";
import { isErrorText } from "@/lib/http/error-writer";
import englishErrors from "@/messages/en/errors.json";

// In the Next.js build the catalogs are precompiled (next.config.ts): a message with values is an
// array there, a message without values stays its sentence.
type Tree = { [key: string]: string | unknown[] | Tree };

let sentences: Map<string, string> | undefined;
/** English catalog sentence → its key (errors.*), for messages that take no values. */
function englishSentences(): Map<string, string> {
  if (sentences) return sentences;
  sentences = new Map();
  const walk = (tree: Tree, prefix: string) => {
    for (const [k, v] of Object.entries(tree)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (Array.isArray(v)) continue;
      if (typeof v !== "string") walk(v, key);
      else if (!v.includes("{")) sentences?.set(v, key);
    }
  };
  walk(englishErrors as Tree, "");
  return sentences;
}

/** The sentence of a stored error for the reader (`write`: the reader's language). */
export function storedErrorMessage(error: RunError, write: ErrorWriter): string {
  const fallback = { literal: error.message, code: error.code };
  if (isErrorText(error.text)) return write(error.text as ErrorText, fallback);
  // A bare type ("internal") has only a generic sentence: the stored one says more.
  if (error.code.includes(":")) return write({ key: keyOfCode(error.code) }, fallback);
  const known = englishSentences().get(error.message);
  return known ? write({ key: known }, fallback) : error.message;
}

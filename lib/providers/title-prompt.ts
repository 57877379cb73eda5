// The prompt that asks a model for a conversation's title (lib/chat/titles.ts). It lives with the
// providers because the offline demo model recognises it (demo/title.ts) and answers with a
// deterministic title.

export const TITLE_PROMPT =
  "Write a title for the conversation below: at most 6 words, in the language the user wrote in. " +
  "Reply with the title only, without quotes or a final full stop.";

const QUESTION = "Question:\n";
const ANSWER = "\n\nAnswer:\n";

/** The human message of a title request: the first question and (the start of) its answer. */
export function titleRequest(question: string, answer: string): string {
  return `${QUESTION}${question.slice(0, 2000)}${ANSWER}${answer.slice(0, 2000)}`;
}

/** The question of a title request (the demo titles a conversation by it). */
export function questionOfTitleRequest(text: string): string {
  const start = text.startsWith(QUESTION) ? QUESTION.length : 0;
  const end = text.indexOf(ANSWER);
  return text.slice(start, end < 0 ? undefined : end);
}

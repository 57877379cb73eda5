// Events the chat's parts say on `window` to each other (a small module: the shell imports it too).

/** The chat list should be read again (an answer ended, a conversation was made or imported). */
export const CONVERSATIONS_CHANGED = "conversations:changed";
/** Background tasks ended; `detail`: the ids of their conversations (an open one shows the follow-up). */
export const TASKS_FINISHED = "tasks:finished";

// How a link points at one message of a conversation: `?message=<id>` (read by useJumpToMessage,
// which opens the message's branch, scrolls to it and focuses it) and the element's id.

export const MESSAGE_PARAM = "message";

export const messageElementId = (messageId: string) => `message-${messageId}`;

export const messageHref = (conversationId: string, messageId: string) =>
  `/chat/${conversationId}?${MESSAGE_PARAM}=${encodeURIComponent(messageId)}`;

import type { Protocol } from "./types";

// Protocols whose chat API takes images in a user message (OpenAI `image_url`, Anthropic `image`
// with a base64 source, Google `inlineData`; LangChain's clients convert the one `image_url` part).
// The demo model reads text only. A model behind an OpenAI-compatible endpoint that has no vision
// answers with its own error, which the chat shows.
const IMAGE_PROTOCOLS: ReadonlySet<string> = new Set<Protocol>(["openai", "anthropic", "google"]);

export function acceptsImages(protocol: string): boolean {
  return IMAGE_PROTOCOLS.has(protocol);
}

"use client";
import { lazy, Suspense } from "react";

// The markdown renderer and its parsers (about 65 KB of gzipped JavaScript) load when a page first
// has text to render, not with the page: an empty chat never downloads them. A page rendered on
// the server shows the rendered HTML meanwhile; text that arrives first in the browser shows as
// plain text until the renderer is there.
let loading: Promise<typeof import("./markdown")> | undefined;

/**
 * Starts loading the renderer (once). The composer calls it when the user starts typing, so the
 * ~65 KB are fetched and evaluated while they type instead of in a long task at the answer's first
 * token (65 ms in Chromium, measured by `bench:render`).
 */
export function preloadMarkdown(): void {
  loading ??= import("./markdown");
}

const Markdown = lazy(() => {
  preloadMarkdown();
  return (loading as Promise<typeof import("./markdown")>).then((m) => ({ default: m.Markdown }));
});

export function LazyMarkdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<div className="whitespace-pre-wrap break-words">{text}</div>}>
      <Markdown text={text} />
    </Suspense>
  );
}

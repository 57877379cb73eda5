"use client";
import { lazy, Suspense } from "react";

// The markdown renderer and its parsers (about 65 KB of gzipped JavaScript) load when a page first
// has text to render, not with the page: an empty chat never downloads them. A page rendered on
// the server shows the rendered HTML meanwhile; text that arrives first in the browser shows as
// plain text until the renderer is there.
const Markdown = lazy(() => import("./markdown").then((m) => ({ default: m.Markdown })));

export function LazyMarkdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<div className="whitespace-pre-wrap break-words">{text}</div>}>
      <Markdown text={text} />
    </Suspense>
  );
}

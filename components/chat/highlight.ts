// Code highlighting on demand: lowlight (highlight.js grammars producing a syntax tree, rendered as
// React elements — no HTML strings) and only the grammar a fence names, loaded the first time that
// language is shown (each grammar is its own small chunk). No auto-detection: it would need every
// grammar up front, and it guesses wrong on short snippets.

import type { Root } from "hast";
import type { LanguageFn } from "highlight.js";
import { createLowlight } from "lowlight";

type Loader = () => Promise<{ default: LanguageFn }>;

const GRAMMARS: Record<string, Loader> = {
  bash: () => import("highlight.js/lib/languages/bash"),
  c: () => import("highlight.js/lib/languages/c"),
  cpp: () => import("highlight.js/lib/languages/cpp"),
  csharp: () => import("highlight.js/lib/languages/csharp"),
  css: () => import("highlight.js/lib/languages/css"),
  diff: () => import("highlight.js/lib/languages/diff"),
  go: () => import("highlight.js/lib/languages/go"),
  java: () => import("highlight.js/lib/languages/java"),
  javascript: () => import("highlight.js/lib/languages/javascript"),
  json: () => import("highlight.js/lib/languages/json"),
  kotlin: () => import("highlight.js/lib/languages/kotlin"),
  markdown: () => import("highlight.js/lib/languages/markdown"),
  php: () => import("highlight.js/lib/languages/php"),
  python: () => import("highlight.js/lib/languages/python"),
  ruby: () => import("highlight.js/lib/languages/ruby"),
  rust: () => import("highlight.js/lib/languages/rust"),
  sql: () => import("highlight.js/lib/languages/sql"),
  swift: () => import("highlight.js/lib/languages/swift"),
  typescript: () => import("highlight.js/lib/languages/typescript"),
  xml: () => import("highlight.js/lib/languages/xml"),
  yaml: () => import("highlight.js/lib/languages/yaml"),
};

const ALIASES: Record<string, string> = {
  sh: "bash",
  shell: "bash",
  zsh: "bash",
  "c++": "cpp",
  cs: "csharp",
  golang: "go",
  js: "javascript",
  jsx: "javascript",
  mjs: "javascript",
  kt: "kotlin",
  md: "markdown",
  py: "python",
  rb: "ruby",
  rs: "rust",
  ts: "typescript",
  tsx: "typescript",
  html: "xml",
  svg: "xml",
  yml: "yaml",
  patch: "diff",
  postgres: "sql",
  postgresql: "sql",
};

/** The grammar name for a fence's language, or null when we don't highlight it. */
export function grammarFor(lang: string | undefined): string | null {
  if (!lang) return null;
  const name = ALIASES[lang.toLowerCase()] ?? lang.toLowerCase();
  return name in GRAMMARS ? name : null;
}

const lowlight = createLowlight();

/** The highlighted syntax tree of `code`, or null for a language we don't highlight. */
export async function highlightCode(code: string, lang: string | undefined): Promise<Root | null> {
  const name = grammarFor(lang);
  if (!name) return null;
  if (!lowlight.registered(name)) lowlight.register(name, (await GRAMMARS[name]()).default);
  return lowlight.highlight(name, code);
}

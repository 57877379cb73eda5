// The catalogs are complete and used, and no page or component shows a string of its own:
// - every key of messages/en exists in messages/zh-CN and back, with the same ICU arguments;
// - every message parses as ICU;
// - every key is used somewhere in app/, components/ or lib/ (see isUsed);
// - no JSX text, user-facing attribute or string child in app/ or components/ has a letter in it.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parse, TYPE } from "@formatjs/icu-messageformat-parser";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales";
import { AREAS } from "./messages";

const ROOT = path.resolve(import.meta.dirname, "../..");
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

function catalog(locale: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const area of AREAS) {
    const file = path.join(ROOT, "messages", locale, `${area}.json`);
    for (const [k, v] of flatten({ [area]: JSON.parse(readFileSync(file, "utf8")) })) all.set(k, v);
  }
  return all;
}

/** The names of a message's arguments ({name}, {count, plural, …}, <tag>…</tag>), sorted. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (nodes: ReturnType<typeof parse>) => {
    for (const n of nodes) {
      if (n.type === TYPE.literal || n.type === TYPE.pound) continue;
      names.add(n.value);
      if ("options" in n) for (const o of Object.values(n.options)) walk(o.value);
      if ("children" in n) walk(n.children);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === "node_modules" || name === "generated" || name.startsWith(".")) continue;
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

function parseFile(file: string) {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, kind);
}

/** Per file: its string literals, and the constant heads of its template literals (`status.${s}`). */
function literalsOf(file: string): { strings: Set<string>; heads: string[] } {
  const strings = new Set<string>();
  const heads: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) strings.add(node.text);
    if (ts.isTemplateExpression(node) && node.head.text) heads.push(node.head.text);
    ts.forEachChild(node, visit);
  };
  visit(parseFile(file));
  return { strings, heads };
}

const files = ["app", "components", "lib"].flatMap((d) => sourceFiles(path.join(ROOT, d)));

/**
 * A key is used when one file names it: in full ("chat.send"), or as a namespace it passes to
 * useTranslations/getTranslations ("chat") and the rest ("send"), or a namespace and the head of a
 * template key (`status.${s}` covers chat.status.*). errors.<type>.<detail> is used by the error
 * code "<type>:<detail>" (errors.<type> by "<type>"), and errors.<rest> by the literal "<rest>" (an
 * error's own key): error bodies are translated on the server by code or key.
 */
function isUsed(key: string, literals: ReturnType<typeof literalsOf>[]): boolean {
  const parts = key.split(".");
  const error = parts[0] === "errors" && parts.length <= 3 ? parts.slice(1).join(":") : null;
  const errorKey = parts[0] === "errors" ? parts.slice(1).join(".") : null;
  return literals.some(({ strings, heads }) => {
    if (strings.has(key) || (error && strings.has(error))) return true;
    if (errorKey && (strings.has(errorKey) || heads.some((h) => errorKey.startsWith(h)))) return true;
    if (heads.some((h) => key.startsWith(h))) return true;
    for (let i = 1; i < parts.length; i++) {
      if (!strings.has(parts.slice(0, i).join("."))) continue;
      const rest = parts.slice(i).join(".");
      if (strings.has(rest) || heads.some((h) => rest.startsWith(h))) return true;
    }
    return false;
  });
}

/** JSX text, string children and user-facing attributes with a letter in them: each "file:line text". */
const SHOWN_ATTRIBUTES = new Set([
  "aria-label",
  "aria-description",
  "aria-valuetext",
  "aria-roledescription",
  "aria-placeholder",
  "title",
  "placeholder",
  "alt",
  "label",
]);
function literalUiStrings(file: string): string[] {
  const src = parseFile(file);
  const found: string[] = [];
  const hasLetter = (s: string) => /\p{L}/u.test(s);
  const report = (node: ts.Node, text: string) => {
    const line = src.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    found.push(`${path.relative(ROOT, file)}:${line} ${JSON.stringify(text.trim().slice(0, 60))}`);
  };
  /**
   * A string shown as is: a literal, a template's own text (`${n} tokens`), or a branch of
   * `a ? "x" : "y"`, `a && "x"`, `a ?? "x"`.
   */
  const shownStrings = (e: ts.Expression): { text: string; node: ts.Node }[] => {
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [{ text: e.text, node: e }];
    if (ts.isTemplateExpression(e))
      return [{ text: [e.head.text, ...e.templateSpans.map((s) => s.literal.text)].join(" "), node: e }];
    if (ts.isParenthesizedExpression(e)) return shownStrings(e.expression);
    if (ts.isConditionalExpression(e)) return [...shownStrings(e.whenTrue), ...shownStrings(e.whenFalse)];
    if (ts.isBinaryExpression(e)) return shownStrings(e.right);
    return [];
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasLetter(node.text)) report(node, node.text);
    if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      for (const s of shownStrings(node.expression)) if (hasLetter(s.text)) report(s.node, s.text);
    }
    if (ts.isJsxAttribute(node) && SHOWN_ATTRIBUTES.has(node.name.getText()) && node.initializer) {
      const init = node.initializer;
      const strings = ts.isStringLiteral(init)
        ? [{ text: init.text, node: init as ts.Node }]
        : ts.isJsxExpression(init) && init.expression
          ? shownStrings(init.expression)
          : [];
      for (const s of strings) if (hasLetter(s.text)) report(s.node, s.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(src);
  return found;
}

/**
 * Words in the plain .ts helpers of components/ (hooks, formatters): a helper that returns an
 * English phrase for a component to show slips past the JSX checks. A literal with two words in it
 * is reported, except directives, Tailwind class lists (mostly `a-b` / `x:y` tokens) and KNOWN_PHRASES.
 */
const KNOWN_PHRASES: Record<string, string[]> = {
  // Stop reasons stored by older versions, recognised to be worded in the reader's language.
  "components/chat/stop-reason.ts": ["balance ran out", "the run failed"],
};
function helperPhrases(file: string): string[] {
  const src = parseFile(file);
  const rel = path.relative(ROOT, file);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateExpression(node)
    ) {
      const text = ts.isTemplateExpression(node)
        ? [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" ")
        : node.text;
      const parent = node.parent;
      const directive = ts.isExpressionStatement(parent) && /^use (client|server)$/.test(text);
      const tokens = text.trim().split(/\s+/);
      const classList = tokens.filter((t) => /[-:/]/.test(t)).length * 2 >= tokens.length;
      const imported = ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent);
      const known = KNOWN_PHRASES[rel]?.includes(text);
      if (/\p{L}{2,} \p{L}{2,}/u.test(text) && !directive && !classList && !imported && !known) {
        const line = src.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        found.push(`${rel}:${line} ${JSON.stringify(text.slice(0, 60))}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(src);
  return found;
}

describe("message catalogs", () => {
  const en = catalog("en");

  it.each(LOCALES.filter((l) => l !== "en"))(
    "%s has exactly the keys of en, with the same arguments",
    (locale) => {
      const other = catalog(locale);
      expect(
        [...other.keys()].filter((k) => !en.has(k)),
        "keys only in this locale",
      ).toEqual([]);
      expect(
        [...en.keys()].filter((k) => !other.has(k)),
        "keys missing in this locale",
      ).toEqual([]);
      const differing = [...en].filter(
        ([k, v]) => other.has(k) && argumentsOf(v).join() !== argumentsOf(other.get(k) as string).join(),
      );
      expect(
        differing.map(([k]) => k),
        "keys whose ICU arguments differ",
      ).toEqual([]);
      expect(
        [...other].filter(([, v]) => !v.trim()).map(([k]) => k),
        "empty messages",
      ).toEqual([]);
    },
  );

  // Parses every source file with the TypeScript compiler: seconds, more on a loaded machine.
  it("every key is used in the code", { timeout: 60_000 }, () => {
    const literals = files.map(literalsOf);
    expect([...en.keys()].filter((k) => !isUsed(k, literals))).toEqual([]);
  });

  it("no page or component shows a literal string (they come from the catalogs)", { timeout: 60_000 }, () => {
    const ui = files.filter((f) => f.endsWith(".tsx"));
    expect(ui.flatMap(literalUiStrings)).toEqual([]);
  });

  it("the helpers of components return no phrase of their own", () => {
    const helpers = files.filter((f) => f.startsWith(path.join(ROOT, "components")) && f.endsWith(".ts"));
    expect(helpers.flatMap(helperPhrases)).toEqual([]);
  });
});

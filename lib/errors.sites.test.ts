// Every refusal of lib/ and app/ says a sentence of the catalog: no `new AppError(` or `failed(`
// passes a literal sentence (the old form), and every code, explicit key and field key a call site
// names (`new AppError("not_found:user")`, `key: "…"`, `text("…")`, a schema's "field.…") is in
// messages/en/errors.json, so no user ever reads a fallback because of a typo.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import en from "@/messages/en/errors.json";
import { keyOfCode } from "./errors";

const ROOT = path.resolve(import.meta.dirname, "..");
// The demo model's own refusals are another area's (lib/providers/demo).
const SKIP = ["lib/providers/demo/", "lib/db/generated/"];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === "node_modules" || name.startsWith(".")) continue;
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out.filter((f) => !SKIP.some((s) => path.relative(ROOT, f).startsWith(s)));
}

function inCatalog(key: string): boolean {
  let node: unknown = en;
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === "string";
}

const isLiteral = (n: ts.Node | undefined) =>
  !!n && (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateExpression(n));

function scan() {
  const literalMessages: string[] = [];
  const missing: string[] = [];
  for (const file of sourceFiles(path.join(ROOT, "lib")).concat(sourceFiles(path.join(ROOT, "app")))) {
    const source = readFileSync(file, "utf8");
    const usesErrorText = /import \{[^}]*\btext\b[^}]*\} from "@\/lib\/errors"/.test(source);
    const src = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
    const where = (n: ts.Node) =>
      `${path.relative(ROOT, file)}:${src.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
    const need = (key: string, n: ts.Node) => {
      if (!inCatalog(key)) missing.push(`${where(n)} ${key}`);
    };
    const visit = (n: ts.Node) => {
      const isNew = ts.isNewExpression(n) && n.expression.getText() === "AppError";
      const isFailed = ts.isCallExpression(n) && n.expression.getText() === "failed";
      if (isNew || isFailed) {
        const [code, message] = (n as ts.NewExpression | ts.CallExpression).arguments ?? [];
        if (isLiteral(message)) literalMessages.push(where(n));
        const explicitKey =
          message && ts.isObjectLiteralExpression(message)
            ? message.properties.some((p) => p.name?.getText() === "key" || ts.isSpreadAssignment(p))
            : !!message;
        if (code && ts.isStringLiteral(code) && !explicitKey) need(keyOfCode(code.text), n);
      }
      // `key: "…"` in an AppError's options, and text("…") anywhere.
      if (ts.isPropertyAssignment(n) && n.name.getText() === "key" && ts.isStringLiteral(n.initializer)) {
        if (/^[a-z_]+\.[a-z_.]+$/.test(n.initializer.text) && source.includes("@/lib/errors"))
          need(n.initializer.text, n);
      }
      if (
        usesErrorText &&
        ts.isCallExpression(n) &&
        n.expression.getText() === "text" &&
        ts.isStringLiteral(n.arguments[0])
      )
        need(n.arguments[0].text, n);
      // Schema messages that name a field key.
      if (ts.isStringLiteral(n) && /^field\.[a-z_]+$/.test(n.text)) need(n.text, n);
      ts.forEachChild(n, visit);
    };
    visit(src);
  }
  return { literalMessages, missing };
}

describe("AppError call sites", () => {
  const { literalMessages, missing } = scan();

  it("never pass a literal sentence (the English lives in messages/en/errors.json)", () => {
    expect(literalMessages).toEqual([]);
  });

  it("name only codes and keys the catalog has", () => {
    expect(missing).toEqual([]);
  });
});

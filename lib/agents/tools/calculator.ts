import { z } from "zod";
import type { BuiltinTool } from "./types";

/**
 * Safe arithmetic: numbers, + - * / % ^ (power, right-assoc), unary minus, parentheses,
 * constants pi/e and the functions below. A recursive-descent parser; nothing is ever eval'd.
 */
const FUNCTIONS: Record<string, (...a: number[]) => number> = {
  sqrt: Math.sqrt,
  abs: Math.abs,
  round: Math.round,
  floor: Math.floor,
  ceil: Math.ceil,
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  log: Math.log10,
  ln: Math.log,
  exp: Math.exp,
  min: Math.min,
  max: Math.max,
};
const CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E };

type Token = { t: "num"; v: number } | { t: "id"; v: string } | { t: "op"; v: string };

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === " " || c === "\t" || c === "\n") {
      i++;
    } else if (/[0-9.]/.test(c)) {
      const m = /^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?/i.exec(src.slice(i));
      if (!m) throw new Error(`Invalid number at ${i}`);
      out.push({ t: "num", v: Number(m[0]) });
      i += m[0].length;
    } else if (/[a-z_]/i.test(c)) {
      const m = /^[a-z_][a-z0-9_]*/i.exec(src.slice(i)) as RegExpExecArray;
      out.push({ t: "id", v: m[0].toLowerCase() });
      i += m[0].length;
    } else if ("+-*/%^(),".includes(c)) {
      if (c === "*" && src[i + 1] === "*") {
        out.push({ t: "op", v: "^" });
        i += 2;
      } else {
        out.push({ t: "op", v: c });
        i++;
      }
    } else {
      throw new Error(`Unexpected character "${c}" at ${i}`);
    }
  }
  return out;
}

export function evaluateExpression(expression: string): number {
  if (expression.length > 1000) throw new Error("Expression too long");
  const tokens = tokenize(expression);
  let pos = 0;
  const peek = () => tokens[pos];
  const isOp = (v: string) => peek()?.t === "op" && peek()?.v === v;
  const expect = (v: string) => {
    if (!isOp(v)) throw new Error(`Expected "${v}"`);
    pos++;
  };

  function expr(): number {
    let v = term();
    while (isOp("+") || isOp("-")) {
      const op = tokens[pos++].v;
      const r = term();
      v = op === "+" ? v + r : v - r;
    }
    return v;
  }
  function term(): number {
    let v = unary();
    while (isOp("*") || isOp("/") || isOp("%")) {
      const op = tokens[pos++].v;
      const r = unary();
      if ((op === "/" || op === "%") && r === 0) throw new Error("Division by zero");
      v = op === "*" ? v * r : op === "/" ? v / r : v % r;
    }
    return v;
  }
  function unary(): number {
    if (isOp("-")) {
      pos++;
      return -unary();
    }
    if (isOp("+")) {
      pos++;
      return unary();
    }
    return power();
  }
  function power(): number {
    const base = primary();
    if (isOp("^")) {
      pos++;
      return base ** unary();
    }
    return base;
  }
  function primary(): number {
    const tok = peek();
    if (!tok) throw new Error("Unexpected end of expression");
    if (tok.t === "num") {
      pos++;
      return tok.v;
    }
    if (tok.t === "op" && tok.v === "(") {
      pos++;
      const v = expr();
      expect(")");
      return v;
    }
    if (tok.t === "id") {
      pos++;
      if (tok.v in CONSTANTS) return CONSTANTS[tok.v];
      const fn = FUNCTIONS[tok.v];
      if (!fn) throw new Error(`Unknown identifier "${tok.v}"`);
      expect("(");
      const args = [expr()];
      while (isOp(",")) {
        pos++;
        args.push(expr());
      }
      expect(")");
      return fn(...args);
    }
    throw new Error(`Unexpected "${tok.v}"`);
  }

  const value = expr();
  if (pos !== tokens.length) throw new Error(`Unexpected "${tokens[pos].v}"`);
  if (!Number.isFinite(value)) throw new Error("Result is not a finite number");
  return value;
}

const schema = z.object({
  expression: z.string().min(1).describe("Arithmetic expression, e.g. (2 + 3) * 4 ^ 2 / sqrt(16)"),
});

export const calculatorTool: BuiltinTool<z.infer<typeof schema>> = {
  name: "calculator",
  description: "Evaluate an arithmetic expression (+ - * / % ^, parentheses, sqrt, min, max, pi...).",
  schema,
  execute: ({ expression }) => String(Number(evaluateExpression(expression).toPrecision(15))),
};

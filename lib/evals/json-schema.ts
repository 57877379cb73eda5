// The valid_json check's optional JSON Schema (draft-07), validated with Ajv. Ajv generates its
// validators without evaluating schema text, so a case's schema (user input) is safe to compile;
// each is compiled for one use and removed from Ajv's cache, so a long-running server does not
// keep every schema it ever saw. Formats ("email", "date"…) are not checked.
import Ajv, { type ErrorObject } from "ajv";

const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false, logger: false });

/** How many problems an answer's report names (the rest are counted). */
const MAX_PROBLEMS = 3;

/** Why `schema` is not a usable JSON Schema, or null when it is. */
export function schemaProblem(schema: object): string | null {
  try {
    ajv.compile(schema);
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    ajv.removeSchema(schema);
  }
}

/** "items[0].name" for "/items/0/name"; "the answer" for the root. */
function place(instancePath: string): string {
  if (!instancePath) return "the answer";
  return instancePath
    .slice(1)
    .split("/")
    .map((p) => p.replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce((out, p) => (/^\d+$/.test(p) ? `${out}[${p}]` : out ? `${out}.${p}` : p), "");
}

function sentence(e: ErrorObject): string {
  const where = place(e.instancePath);
  if (e.keyword === "required") return `${where} is missing "${e.params.missingProperty}"`;
  if (e.keyword === "additionalProperties")
    return `${where} has "${e.params.additionalProperty}", which the schema does not allow`;
  return `${where} ${e.message ?? "does not match the schema"}`;
}

/**
 * The problems of `value` against `schema` in plain words ("items[0].price must be number"), at
 * most three named; an empty list when it matches.
 */
export function schemaMismatches(schema: object, value: unknown): string[] {
  try {
    const validate = ajv.compile(schema);
    if (validate(value)) return [];
    const errors = validate.errors ?? [];
    const named = errors.slice(0, MAX_PROBLEMS).map(sentence);
    return errors.length > MAX_PROBLEMS ? [...named, `and ${errors.length - MAX_PROBLEMS} more`] : named;
  } finally {
    ajv.removeSchema(schema);
  }
}

/** Checks arguments against a tool's JSON Schema with the MCP SDK's own validator (Ajv). */

import type { JsonSchemaType } from "@modelcontextprotocol/sdk/validation";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";

let validator: AjvJsonSchemaValidator | undefined;

/** Why `args` don't fit `schema`, or null when they do (or the schema can't be compiled). */
export function argsProblem(schema: Record<string, unknown>, args: unknown): string | null {
  validator ??= new AjvJsonSchemaValidator();
  let check: ReturnType<AjvJsonSchemaValidator["getValidator"]>;
  try {
    check = validator.getValidator(schema as JsonSchemaType);
  } catch {
    // A schema Ajv can't read: the server checks the call itself.
    return null;
  }
  const result = check(args);
  return result.valid ? null : result.errorMessage;
}

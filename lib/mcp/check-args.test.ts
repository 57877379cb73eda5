import { describe, expect, it } from "vitest";
import { argsProblem } from "./check-args";

describe("edited arguments against a tool's JSON Schema", () => {
  const schema = {
    type: "object",
    properties: { id: { type: "string", minLength: 1 } },
    required: ["id"],
    additionalProperties: false,
  };

  it("accepts arguments that fit and says what is wrong with those that don't", () => {
    expect(argsProblem(schema, { id: "n1" })).toBeNull();
    expect(argsProblem(schema, {})).toMatch(/id/);
    expect(argsProblem(schema, { id: 3 })).toMatch(/string/);
    expect(argsProblem(schema, { id: "n1", extra: true })).toMatch(/additional/i);
  });
});

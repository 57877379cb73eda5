import { describe, expect, it } from "vitest";
import { plainSchemaWording } from "./schema-wording";

describe("plainSchemaWording", () => {
  it("says validator paths and types in plain words", () => {
    expect(plainSchemaWording("Input validation error: data/entities must be array")).toBe(
      "Input validation error: entities must be a list",
    );
    expect(plainSchemaWording("data/entities/0/observations must be array, data must be object")).toBe(
      "entities.0.observations must be a list, the arguments must be an object",
    );
    expect(plainSchemaWording("data/user must have required property 'name'")).toBe("user.name is required");
    expect(plainSchemaWording("data must have required property 'query'")).toBe("query is required");
  });

  it("leaves other text alone", () => {
    expect(plainSchemaWording("the metadata must be array-like, says the tool")).toBe(
      "the metadata must be array-like, says the tool",
    );
  });
});

describe("describeError", () => {
  it("words a server's schema error plainly", async () => {
    const { McpError, ErrorCode } = await import("@modelcontextprotocol/sdk/types.js");
    const { describeError } = await import("./classify");
    const err = new McpError(ErrorCode.InvalidParams, "Input validation error: data/entities must be array");
    expect(describeError(err)).toBe("Input validation error: entities must be a list");
  });
});

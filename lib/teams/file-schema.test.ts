import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { TEAM_SCHEMA_PATH, teamFileSchema, teamJsonSchema } from "./file-schema";
import { teamKey } from "./keys";
import { parseTeamFile, teamFileText } from "./yaml";

// The published JSON Schema is the zod schema's: regenerate public/schemas/team-v1.json with
//   npx tsx -e 'import("./lib/teams/file-schema.ts").then(m=>console.log(JSON.stringify(m.teamJsonSchema(),null,2)))' > public/schemas/team-v1.json
const published = path.join(process.cwd(), "public", TEAM_SCHEMA_PATH);

const sample = {
  schemaVersion: 1,
  root: "lead",
  agents: [
    {
      key: "lead",
      name: "Lead",
      endpoint: "OpenAI",
      model: "gpt-x",
      tools: [
        { builtin: "calculator", ask: true },
        { server: "Notes", tool: "save_note" },
      ],
      subagents: { enabled: true, self: { allowed: false }, children: [{ agent: "helper", mode: "fork" }] },
    },
    { key: "helper", name: "Helper", endpoint: "OpenAI", model: "gpt-x" },
  ],
};

describe("team file schema", () => {
  it("is published as generated from the zod schema", () => {
    expect(JSON.parse(readFileSync(published, "utf8"))).toEqual(teamJsonSchema());
  });

  it("reads back what it writes", () => {
    const text = teamFileText(teamFileSchema.parse(sample));
    expect(parseTeamFile(text)).toEqual(sample);
    expect(parse(text)).toEqual(sample);
  });

  it("refuses unknown fields and versions, naming the field", () => {
    expect(() => parseTeamFile(teamFileText({ ...sample, extra: 1 } as never))).toThrow(
      expect.objectContaining({ code: "bad_request:team_field" }),
    );
    expect(() => parseTeamFile("schemaVersion: 2\nroot: a\nagents: []")).toThrow(
      expect.objectContaining({
        code: "bad_request:team_field",
        values: expect.objectContaining({ field: "schemaVersion" }),
      }),
    );
  });
});

describe("teamKey", () => {
  it("makes a unique slug of a name", () => {
    expect(teamKey("Team Lead!", new Set())).toBe("team-lead");
    expect(teamKey("Team Lead", new Set(["team-lead"]))).toBe("team-lead-2");
    expect(teamKey("写作助手", new Set())).toBe("agent");
    expect(teamKey("Café", new Set())).toBe("cafe");
  });
});

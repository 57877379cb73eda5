import { describe, expect, it } from "vitest";
import { usageCsv } from "./csv";

const line = {
  day: "2026-12-04",
  email: "a@example.com",
  agentId: "a1",
  agentName: "Lead",
  endpointId: "ep1",
  model: "gpt-4o",
  calls: 2,
  inputTokens: 100,
  cachedInputTokens: 10,
  outputTokens: 20,
  reasoningTokens: 5,
  cost: "0.00125",
  unpricedCalls: 0,
};

describe("usageCsv", () => {
  it("writes a header and one line per row, the cost as given and unknown cost empty", () => {
    const csv = usageCsv([line, { ...line, model: "llama", cost: null, unpricedCalls: 2 }], "USD");
    expect(csv.split("\r\n")).toEqual([
      "day,user_email,agent_id,agent_name,endpoint_id,model,calls,input_tokens,cached_input_tokens,output_tokens,reasoning_tokens,cost,currency,unpriced_calls",
      "2026-12-04,a@example.com,a1,Lead,ep1,gpt-4o,2,100,10,20,5,0.00125,USD,0",
      "2026-12-04,a@example.com,a1,Lead,ep1,llama,2,100,10,20,5,,USD,2",
      "",
    ]);
  });

  it("quotes commas, quotes and line breaks, and defuses spreadsheet formulas in names", () => {
    const csv = usageCsv(
      [
        { ...line, agentName: '=HYPERLINK("x"), "hi"' },
        { ...line, agentName: "a\nb" },
      ],
      "USD",
    );
    const [, first, second] = csv.split("\r\n");
    expect(first).toContain(`"'=HYPERLINK(""x""), ""hi"""`);
    expect(csv).toContain('"a\nb"');
    expect(second.startsWith("2026")).toBe(true);
  });
});

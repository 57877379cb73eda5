import { describe, expect, it } from "vitest";
import { mergeWriteOnlyMap } from "./write-only-map";

describe("mergeWriteOnlyMap", () => {
  const stored = { Authorization: "Bearer old", "X-Team": "a" };

  it("keeps the stored map when the form sends nothing", () => {
    expect(mergeWriteOnlyMap(stored, undefined)).toEqual(stored);
  });

  it("keeps a value sent as null, replaces a new one, drops names left out and empty names", () => {
    expect(mergeWriteOnlyMap(stored, { Authorization: null, "X-New": "n", "": "x" })).toEqual({
      Authorization: "Bearer old",
      "X-New": "n",
    });
  });

  it("drops a null for a name that was never stored", () => {
    expect(mergeWriteOnlyMap({}, { Ghost: null })).toEqual({});
  });
});

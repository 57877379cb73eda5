import { describe, expect, it } from "vitest";
import { newRowId } from "./ids";

describe("newRowId", () => {
  it("looks like Prisma's cuids, is unique, and ids made later sort later", async () => {
    const a = newRowId();
    expect(a).toMatch(/^c[a-z0-9]{24}$/);
    expect(new Set(Array.from({ length: 1000 }, newRowId)).size).toBe(1000);
    await new Promise((r) => setTimeout(r, 2));
    expect(newRowId() > a).toBe(true);
  });
});

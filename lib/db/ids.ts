import { randomFillSync } from "node:crypto";

// Random bytes are drawn 4 KiB at a time (as Node does for randomUUID): one call into the crypto
// library per 256 ids instead of one per id (a run writes one id per model call's usage row).
const pool = Buffer.alloc(4096);
let offset = pool.length;

function randomBytes16(): Buffer {
  if (offset + 16 > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  offset += 16;
  return pool.subarray(offset - 16, offset);
}

/**
 * A row id for rows written in raw SQL, shaped like the cuids Prisma gives the others (lower-case
 * letters and digits, starting with "c", time first so ids of one process sort by creation):
 * "c" + milliseconds in base 36 (8 characters) + 16 random base-36 characters.
 */
export function newRowId(): string {
  const bytes = randomBytes16();
  let random = "";
  for (const b of bytes) random += (b % 36).toString(36);
  return `c${Date.now().toString(36).padStart(8, "0")}${random}`;
}

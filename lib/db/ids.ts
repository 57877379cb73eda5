import { randomBytes } from "node:crypto";

/**
 * A row id for rows written in raw SQL, shaped like the cuids Prisma gives the others (lower-case
 * letters and digits, starting with "c", time first so ids of one process sort by creation):
 * "c" + milliseconds in base 36 (8 characters) + 16 random base-36 characters.
 */
export function newRowId(): string {
  const bytes = randomBytes(16);
  let random = "";
  for (const b of bytes) random += (b % 36).toString(36);
  return `c${Date.now().toString(36).padStart(8, "0")}${random}`;
}

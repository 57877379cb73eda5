// The one place admin actions are written to the audit log: who, when (the row's time), what kind,
// on what, and each changed field's old and new value. Callers describe the thing before and after
// as a snapshot of plain fields; secrets never go into a snapshot as values, only as what happened
// to them (secretState, secretNames), so no key or header value can reach an audit row.
import "server-only";
import { type Actor, insertAuditRows } from "@/lib/db/audit";
import type { Tx } from "@/lib/db/client";
import type { AuditKind } from "./kinds";

export type { Actor };

type Field = string | number | boolean | readonly string[] | null | undefined;
/** A thing as the log describes it: field → value (secret-free by construction). */
export type Snapshot = Record<string, Field>;

export interface Change {
  key: string;
  from: string | null;
  to: string | null;
}

function show(v: Field): string | null {
  if (v === null || v === undefined) return null;
  if (Array.isArray(v)) return v.length ? v.join(", ") : null;
  if (typeof v === "boolean") return v ? "yes" : "no";
  return String(v);
}

/** The fields whose shown value differs; `before` null = created, `after` null = deleted. */
export function changedFields(before: Snapshot | null, after: Snapshot | null): Change[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .map((key) => ({ key, from: show(before?.[key]), to: show(after?.[key]) }))
    .filter((c) => c.from !== c.to);
}

/**
 * What happened to a write-only secret (an API key): "set" / "not set" before, and after
 * "set", "replaced" or "not set". `input`: undefined keeps it, "" removes it, text replaces it.
 */
export function secretState(had: boolean, input: string | undefined): { before: string; after: string } {
  const before = had ? "set" : "not set";
  if (input === undefined) return { before, after: before };
  if (input === "") return { before, after: "not set" };
  return { before, after: had ? "replaced" : "set" };
}

/**
 * The names of a write-only map (headers, environment) after a save, marking those given a new
 * value. `input` is name → new value, or null to keep the stored value of that name.
 */
export function secretNames(stored: readonly string[], input: Record<string, string | null> | undefined) {
  if (input === undefined) return [...stored].sort();
  return Object.entries(input)
    .map(([name, value]) => (value !== null && stored.includes(name) ? `${name} (new value)` : name))
    .sort();
}

export async function recordAdminAction({
  tx,
  actor,
  kind,
  target,
  targetUser,
  changes,
}: {
  tx?: Tx;
  actor: Actor;
  kind: AuditKind;
  /** The thing acted on, by name (an endpoint, a server, an invite's note). */
  target?: string;
  /** The account acted on. */
  targetUser?: { id: string; email: string };
  changes: Change[];
}): Promise<void> {
  await insertAuditRows({
    tx,
    rows: changes.map((c) => ({
      actor,
      kind,
      target,
      targetUserId: targetUser?.id,
      targetEmail: targetUser?.email,
      key: c.key,
      oldValue: c.from,
      newValue: c.to,
    })),
  });
}

import "server-only";
import { AppError } from "@/lib/errors";
import {
  type OverridePatch,
  QUOTA_DEFAULTS,
  QUOTA_KEYS,
  type QuotaKey,
  type QuotaValues,
  type SettingsPatch,
} from "@/lib/quota/fields";
import { getDb, type PrismaClient } from "./client";
import type { TransactionClient } from "./generated/internal/prismaNamespace";

/** The client or an open transaction: quota reads run in both. */
export type Tx = PrismaClient | TransactionClient;

export interface Actor {
  id: string;
  email: string;
}

const SETTINGS_ID = "global";
// Serialises admin edits of the settings row (so every audit entry's "old" value is exact).
const SETTINGS_LOCK = 4_242_010;

function pick(row: Record<string, unknown> | null): QuotaValues {
  const out = { ...QUOTA_DEFAULTS } as Record<QuotaKey, unknown>;
  if (row) for (const k of QUOTA_KEYS) if (row[k] !== undefined && row[k] !== null) out[k] = row[k];
  return out as unknown as QuotaValues;
}

function overrideOf(row: Record<string, unknown> | null): OverridePatch {
  const out: OverridePatch = {};
  if (!row) return out;
  for (const k of QUOTA_KEYS) {
    if (row[k] !== null && row[k] !== undefined) (out as Record<string, unknown>)[k] = row[k];
  }
  return out;
}

/** The global settings (defaults when nobody has saved any yet). */
export async function getQuotaSettings({ tx = getDb() }: { tx?: Tx } = {}): Promise<QuotaValues> {
  return pick(await tx.quotaSettings.findUnique({ where: { id: SETTINGS_ID } }));
}

/** Only the keys a user has overridden. */
export async function getQuotaOverride({
  userId,
  tx = getDb(),
}: {
  userId: string;
  tx?: Tx;
}): Promise<OverridePatch> {
  return overrideOf(await tx.quotaOverride.findUnique({ where: { userId } }));
}

/** Global settings merged with the user's overrides, read fresh from the database. */
export async function getEffectiveQuota({
  userId,
  tx = getDb(),
}: {
  userId: string;
  tx?: Tx;
}): Promise<QuotaValues> {
  const [settings, override] = await Promise.all([
    tx.quotaSettings.findUnique({ where: { id: SETTINGS_ID } }),
    tx.quotaOverride.findUnique({ where: { userId } }),
  ]);
  return { ...pick(settings), ...overrideOf(override) } as QuotaValues;
}

function show(v: unknown): string | null {
  return v === null || v === undefined ? null : String(v);
}

/** Saves the given keys of the global settings and records each change in the audit log. */
export async function updateQuotaSettings({
  patch,
  actor,
}: {
  patch: SettingsPatch;
  actor: Actor;
}): Promise<{ settings: QuotaValues; changed: QuotaKey[] }> {
  return getDb().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SETTINGS_LOCK})`;
    const before = await getQuotaSettings({ tx });
    const changed = QUOTA_KEYS.filter((k) => patch[k] !== undefined && patch[k] !== before[k]);
    if (!changed.length) return { settings: before, changed };
    const data = Object.fromEntries(changed.map((k) => [k, patch[k]]));
    await tx.quotaSettings.upsert({
      where: { id: SETTINGS_ID },
      create: { id: SETTINGS_ID, ...data },
      update: data,
    });
    await tx.quotaAudit.createMany({
      data: changed.map((key) => ({
        actorId: actor.id,
        actorEmail: actor.email,
        scope: "global",
        key,
        oldValue: show(before[key]),
        newValue: show(patch[key]),
      })),
    });
    return { settings: { ...before, ...data } as QuotaValues, changed };
  });
}

/** Sets (value) or clears (null) a user's overrides; audited like the global settings. */
export async function updateQuotaOverride({
  userId,
  patch,
  actor,
}: {
  userId: string;
  patch: OverridePatch;
  actor: Actor;
}): Promise<{ override: OverridePatch; changed: QuotaKey[] }> {
  return getDb().$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true } });
    if (!user) throw new AppError("not_found:user", "That user no longer exists.");
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SETTINGS_LOCK}, hashtext(${userId}))`;
    const before = await getQuotaOverride({ userId, tx });
    const changed = QUOTA_KEYS.filter(
      (k) => patch[k] !== undefined && (patch[k] ?? null) !== (before[k] ?? null),
    );
    if (!changed.length) return { override: before, changed };
    const data = Object.fromEntries(changed.map((k) => [k, patch[k]]));
    await tx.quotaOverride.upsert({ where: { userId }, create: { userId, ...data }, update: data });
    await tx.quotaAudit.createMany({
      data: changed.map((key) => ({
        actorId: actor.id,
        actorEmail: actor.email,
        scope: "override",
        targetUserId: userId,
        targetEmail: user.email,
        key,
        oldValue: show(before[key]),
        newValue: show(patch[key]),
      })),
    });
    const after = { ...before, ...data } as Record<string, unknown>;
    for (const k of Object.keys(after)) if (after[k] === null) delete after[k];
    return { override: after as OverridePatch, changed };
  });
}

/** Every user with at least one override, with the overridden keys. */
export async function listQuotaOverrides(): Promise<
  Array<{ userId: string; email: string; override: OverridePatch }>
> {
  const rows = await getDb().quotaOverride.findMany({ include: { user: { select: { email: true } } } });
  return rows
    .map((r) => ({ userId: r.userId, email: r.user.email, override: overrideOf(r) }))
    .filter((r) => Object.keys(r.override).length > 0)
    .sort((a, b) => a.email.localeCompare(b.email));
}

export interface AuditEntry {
  id: string;
  actorEmail: string;
  scope: string;
  targetEmail: string | null;
  key: string;
  oldValue: string | null;
  newValue: string | null;
  createdAt: Date;
}

export async function listQuotaAudit({ take = 100 }: { take?: number } = {}): Promise<AuditEntry[]> {
  return getDb().quotaAudit.findMany({
    orderBy: { createdAt: "desc" },
    take,
    select: {
      id: true,
      actorEmail: true,
      scope: true,
      targetEmail: true,
      key: true,
      oldValue: true,
      newValue: true,
      createdAt: true,
    },
  });
}

/** Records an admin action that isn't a settings row change (balance grants and sets). */
export async function recordQuotaAudit({
  tx = getDb(),
  ...entry
}: {
  tx?: Tx;
  actor: Actor;
  scope: string;
  targetUserId?: string;
  targetEmail?: string;
  key: string;
  oldValue: string | null;
  newValue: string | null;
}): Promise<void> {
  await tx.quotaAudit.create({
    data: {
      actorId: entry.actor.id,
      actorEmail: entry.actor.email,
      scope: entry.scope,
      targetUserId: entry.targetUserId,
      targetEmail: entry.targetEmail,
      key: entry.key,
      oldValue: entry.oldValue,
      newValue: entry.newValue,
    },
  });
}

// The limits that apply to a user: the global settings (defaults until an admin saves any) merged
// with that user's overrides, read fresh on every call so a change applies to the next run. Every
// admin change is recorded in the audit log with its exact old and new value.
import "server-only";
import { type Actor, recordAdminAction } from "@/lib/audit/record";
import type { Tx } from "@/lib/db/client";
import {
  listQuotaOverrideRows,
  readQuotaOverrideRow,
  readQuotaRows,
  readQuotaSettingsRow,
  saveQuotaOverrideRow,
  saveQuotaSettingsRow,
  withQuotaSettingsLock,
} from "@/lib/db/quota";
import { readTargetEmail } from "@/lib/db/quota-balance";
import { AppError } from "@/lib/errors";
import {
  NUMBER_FIELDS,
  type OverridePatch,
  QUOTA_DEFAULTS,
  QUOTA_KEYS,
  type QuotaKey,
  type QuotaValues,
  type SettingsPatch,
} from "./fields";

type Row = Record<string, unknown> | null;

/** The keys a row sets (null and missing columns fall through to the next layer). */
function setKeys(row: Row): OverridePatch {
  const out: Record<string, unknown> = {};
  if (row) for (const k of QUOTA_KEYS) if (row[k] !== null && row[k] !== undefined) out[k] = row[k];
  return out as OverridePatch;
}

const withDefaults = (row: Row): QuotaValues => ({ ...QUOTA_DEFAULTS, ...setKeys(row) }) as QuotaValues;

/** The global settings (defaults when nobody has saved any yet). */
export async function getQuotaSettings({ tx }: { tx?: Tx } = {}): Promise<QuotaValues> {
  return withDefaults(await readQuotaSettingsRow({ tx }));
}

/** Only the keys a user has overridden. */
export async function getQuotaOverride({ userId, tx }: { userId: string; tx?: Tx }): Promise<OverridePatch> {
  return setKeys(await readQuotaOverrideRow({ userId, tx }));
}

/**
 * Global settings merged with the user's overrides, read fresh from the database; the per-answer
 * cap is the lower of the admin's and the user's own (Settings), where set.
 */
export async function getEffectiveQuota({ userId, tx }: { userId: string; tx?: Tx }): Promise<QuotaValues> {
  const { admin, ownAnswerBudget } = await getAdminQuota({ userId, tx });
  return { ...admin, answerBudget: lowerCap(admin.answerBudget, ownAnswerBudget) };
}

/** What the admin set for a user (global settings and overrides), and the user's own per-answer cap apart. */
export async function getAdminQuota({ userId, tx }: { userId: string; tx?: Tx }) {
  const { settings, override, ownAnswerBudget } = await readQuotaRows({ userId, tx });
  return { admin: { ...withDefaults(settings), ...setKeys(override) } as QuotaValues, ownAnswerBudget };
}

/** The lower of two caps where 0 / null mean "none". */
function lowerCap(admin: number, own: number | null): number {
  if (!own || own <= 0) return admin;
  return admin > 0 ? Math.min(admin, own) : own;
}

const show = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** File limits are filed under "files" in the audit log (Admin → Files); the rest under "global". */
const kindOf = (key: QuotaKey) =>
  NUMBER_FIELDS.find((f) => f.key === key)?.group === "files" ? ("files" as const) : ("global" as const);

/** Saves the given keys of the global settings and records each change in the audit log. */
export async function updateQuotaSettings({
  patch,
  actor,
}: {
  patch: SettingsPatch;
  actor: Actor;
}): Promise<{ settings: QuotaValues; changed: QuotaKey[] }> {
  return withQuotaSettingsLock(async (tx) => {
    const before = await getQuotaSettings({ tx });
    const changed = QUOTA_KEYS.filter((k) => patch[k] !== undefined && patch[k] !== before[k]);
    if (!changed.length) return { settings: before, changed };
    const data = Object.fromEntries(changed.map((k) => [k, patch[k] as number | boolean]));
    await saveQuotaSettingsRow({ tx, data });
    // One action per kind, so a save on Admin → Files is filed under "files".
    for (const kind of new Set(changed.map(kindOf))) {
      await recordAdminAction({
        tx,
        actor,
        kind,
        changes: changed
          .filter((key) => kindOf(key) === kind)
          .map((key) => ({ key, from: show(before[key]), to: show(patch[key]) })),
      });
    }
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
  return withQuotaSettingsLock(
    async (tx) => {
      const email = await readTargetEmail({ tx, userId });
      if (!email) throw new AppError("not_found:user");
      const before = await getQuotaOverride({ userId, tx });
      const changed = QUOTA_KEYS.filter(
        (k) => patch[k] !== undefined && (patch[k] ?? null) !== (before[k] ?? null),
      );
      if (!changed.length) return { override: before, changed };
      const data = Object.fromEntries(changed.map((k) => [k, patch[k] ?? null]));
      await saveQuotaOverrideRow({ tx, userId, data });
      await recordAdminAction({
        tx,
        actor,
        kind: "override",
        targetUser: { id: userId, email },
        changes: changed.map((key) => ({ key, from: show(before[key]), to: show(patch[key]) })),
      });
      return { override: setKeys({ ...before, ...data }), changed };
    },
    { userId },
  );
}

/** Every user with at least one override, with the overridden keys. */
export async function listQuotaOverrides(): Promise<
  Array<{ userId: string; email: string; override: OverridePatch }>
> {
  const rows = await listQuotaOverrideRows();
  return rows
    .map((r) => ({ userId: r.userId, email: r.user.email, override: setKeys(r) }))
    .filter((r) => Object.keys(r.override).length > 0)
    .sort((a, b) => a.email.localeCompare(b.email));
}

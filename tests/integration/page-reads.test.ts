// A GET never writes: the signed-in layout, /chat and /chat/[id] are rendered here as Next.js
// renders them (server components called with a session) while every SQL statement is counted.
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { intlWrapper } from "../helpers/intl";
import { installQueryCounter, type QueryCounter } from "../helpers/query-counter";
import { query, resetDatabase } from "../helpers/reset-db";
import { makeUser, setSettings } from "./quota-fixtures";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));
vi.mock("@/app/(auth)/actions", () => ({ signOutAction: async () => {} }));

const { default: AppLayout } = await import("@/app/(app)/layout");
const { default: NewChatPage } = await import("@/app/(app)/chat/page");
const { default: ConversationPage } = await import("@/app/(app)/chat/[id]/page");

/** Statements that change data or take row locks. */
const writes = (counter: QueryCounter) =>
  counter.statements.filter((s) => /\b(INSERT|UPDATE|DELETE|TRUNCATE|BEGIN)\b/i.test(s));

type Props = Record<string, unknown>;
const propsOf = (el: unknown) => (el as ReactElement<Props>).props;

/** Renders a slot the layout hands to the shell, as Next.js would (server components awaited). */
async function renderSlot(node: unknown): Promise<string> {
  if (!node) return "";
  const el = node as ReactElement<Props> & { type: unknown };
  // An async (server) component is awaited first; a client component renders as it is, inside the
  // messages provider the root layout gives it.
  if (typeof el.type === "function" && el.type.constructor.name === "AsyncFunction") {
    return renderToStaticMarkup((await (el.type as (p: Props) => unknown)(el.props)) as ReactElement);
  }
  return renderToStaticMarkup((await intlWrapper())(el));
}

describe("page renders write nothing", () => {
  let counter: QueryCounter | undefined;
  let userId: string;
  beforeEach(async () => {
    await resetDatabase();
    // Inserted directly: a newcomer who owns no agent (registration would give them the starter team).
    userId = (await makeUser()).id;
    session.userId = userId;
  });
  afterEach(async () => {
    await counter?.restore();
    counter = undefined;
  });

  it("the layout reads no balance with balances off, and shows no badge", async () => {
    await setSettings({ balanceEnabled: false, startBalance: 100_000 });
    counter = installQueryCounter();
    const shell = await AppLayout({ children: null });
    expect(await renderSlot(propsOf(shell).balance)).toBe("");
    expect(writes(counter)).toEqual([]);
    expect(propsOf(shell).balance ?? null).toBeNull();
    const [rows] = await query<{ b: string; e: string }>(
      `SELECT (SELECT count(*) FROM "TokenBalance") AS b, (SELECT count(*) FROM "BalanceEntry") AS e`,
    );
    expect(rows).toEqual({ b: "0", e: "0" });
  });

  it("the layout's badge shows the balance a run would see (start, then a due refill) without writing", async () => {
    await setSettings({
      balanceEnabled: true,
      startBalance: 700,
      refillAmount: 300,
      refillIntervalSeconds: 3600,
    });
    counter = installQueryCounter();
    const badge = async () => renderSlot(propsOf(await AppLayout({ children: null })).balance);
    expect(await badge()).toContain('data-balance="700"');
    expect(writes(counter)).toEqual([]);

    await query(
      `INSERT INTO "TokenBalance" ("userId", balance, "lastRefillAt", "updatedAt") VALUES ($1, 50, now() - interval '2 hours', now())`,
      [userId],
    );
    counter.reset();
    expect(await badge()).toContain('data-balance="350"');
    expect(writes(counter)).toEqual([]);
    const [row] = await query<{ balance: number }>(`SELECT balance FROM "TokenBalance" WHERE "userId" = $1`, [
      userId,
    ]);
    expect(row.balance).toBe(50);
  });

  it("/chat lists agents and creates none, also for a newcomer who owns none", async () => {
    counter = installQueryCounter();
    await NewChatPage({ searchParams: Promise.resolve({}) });
    expect(writes(counter)).toEqual([]);
    const [row] = await query<{ n: string }>(`SELECT count(*) AS n FROM "Agent"`);
    expect(row.n).toBe("0");
  });

  it("/chat/[id] shows an answer no process is writing as interrupted, and leaves the row alone", async () => {
    const [conv] = await query<{ id: string }>(
      `INSERT INTO "Conversation" (id, "userId", title, "updatedAt") VALUES ('conv_orphan', $1, 'Old chat', now()) RETURNING id`,
      [userId],
    );
    await query(
      `INSERT INTO "Message" (id, "conversationId", role, content, status) VALUES ('m_user', $1, 'USER', 'hi', 'COMPLETE')`,
      [conv.id],
    );
    await query(
      `INSERT INTO "Message" (id, "conversationId", "parentId", role, content, status) VALUES ('m_cut', $1, 'm_user', 'ASSISTANT', 'half an answ', 'STREAMING')`,
      [conv.id],
    );
    counter = installQueryCounter();
    const view = await ConversationPage({ params: Promise.resolve({ id: conv.id }) });
    expect(writes(counter)).toEqual([]);
    // The chat view sits inside the currency provider (the installation's currency for its costs).
    const chat = propsOf(view).children as ReactElement<Props>;
    const messages = propsOf(chat).initialMessages as { id: string; status: string; error: unknown }[];
    expect(messages.find((m) => m.id === "m_cut")).toMatchObject({
      status: "INTERRUPTED",
      error: { code: "internal:interrupted" },
    });
    const [row] = await query<{ status: string }>(`SELECT status FROM "Message" WHERE id = 'm_cut'`);
    expect(row.status).toBe("STREAMING");
  });
});

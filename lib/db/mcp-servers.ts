import "server-only";
import { getDb } from "./client";
import { Prisma } from "./generated/client";

/** A stored MCP server as lib/mcp reads it (secrets still encrypted). */
export interface McpServerRow {
  id: string;
  name: string;
  slug: string;
  transport: string;
  url: string | null;
  headersEncrypted: string | null;
  command: string | null;
  args: string[];
  envEncrypted: string | null;
  enabled: boolean;
  restricted: boolean;
  /** "none" | "oauth" (each user's own authorization, lib/mcp/oauth). */
  auth: string;
  oauthClientEncrypted: string | null;
  tools: unknown;
  status: string;
  lastError: string | null;
  lastRefreshedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** Users allowed when `restricted`. */
  users: { userId: string; email: string }[];
}

/** The columns lib/mcp writes (everything but timestamps and the tool cache). */
export interface McpServerColumns {
  name: string;
  slug: string;
  transport: string;
  url: string | null;
  headersEncrypted?: string | null;
  command: string | null;
  args: string[];
  envEncrypted?: string | null;
  enabled: boolean;
  restricted: boolean;
  auth?: string;
}

export interface McpToolCache {
  tools: unknown[];
  status: "connected" | "error";
  lastError: string | null;
  lastRefreshedAt: Date;
}

const withUsers = { users: { include: { user: { select: { email: true } } } } } as const;

type LoadedRow = Prisma.McpServerGetPayload<{ include: typeof withUsers }>;

function toRow(r: LoadedRow): McpServerRow {
  const { users, ...rest } = r;
  return { ...rest, users: users.map((u) => ({ userId: u.userId, email: u.user.email })) };
}

export async function listMcpServerRows(): Promise<McpServerRow[]> {
  const rows = await getDb().mcpServer.findMany({ include: withUsers, orderBy: { name: "asc" } });
  return rows.map(toRow);
}

/**
 * The stored servers with one of these slugs or ids, for a run of `userId`'s, in one statement
 * (Prisma's `include` would add a query per relation, even for no rows): each row's `users` holds
 * only `userId`'s own entry, if any — enough to tell whether that user may use the server, not
 * who else may.
 */
export async function listMcpServerRowsForUser({
  slugs,
  ids,
  userId,
}: {
  slugs: string[];
  ids: string[];
  userId: string;
}): Promise<McpServerRow[]> {
  return getDb().$queryRaw<McpServerRow[]>(Prisma.sql`
    SELECT s."id", s."name", s."slug", s."transport", s."url", s."headersEncrypted", s."command",
           s."args", s."envEncrypted", s."enabled", s."restricted", s."tools", s."status",
           s."auth", s."oauthClientEncrypted", s."lastError", s."lastRefreshedAt", s."createdAt", s."updatedAt",
           COALESCE((SELECT jsonb_agg(jsonb_build_object('userId', su."userId", 'email', u."email"))
                     FROM "McpServerUser" su JOIN "User" u ON u."id" = su."userId"
                     WHERE su."serverId" = s."id" AND su."userId" = ${userId}), '[]'::jsonb) AS "users"
    FROM "McpServer" s
    WHERE s."slug" IN (SELECT jsonb_array_elements_text(${JSON.stringify(slugs)}::jsonb))
       OR s."id" IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`);
}

export async function getMcpServerRow({ id }: { id: string }): Promise<McpServerRow | null> {
  const row = await getDb().mcpServer.findUnique({ where: { id }, include: withUsers });
  return row ? toRow(row) : null;
}

/** Ids of stored servers whose name or slug equals one given (case-insensitive), except `exceptId`. */
export async function findMcpServerClash({
  name,
  slug,
  exceptId,
}: {
  name: string;
  slug?: string;
  exceptId?: string;
}): Promise<{ id: string; name: string; slug: string }[]> {
  return getDb().mcpServer.findMany({
    where: {
      OR: [
        { name: { equals: name, mode: "insensitive" } },
        ...(slug ? [{ slug: { equals: slug, mode: "insensitive" as const } }] : []),
      ],
      ...(exceptId ? { NOT: { id: exceptId } } : {}),
    },
    select: { id: true, name: true, slug: true },
  });
}

/** Slugs starting with `prefix` (to pick a free one). */
export async function listMcpSlugsLike({ prefix }: { prefix: string }): Promise<string[]> {
  const rows = await getDb().mcpServer.findMany({
    where: { slug: { startsWith: prefix } },
    select: { slug: true },
  });
  return rows.map((r) => r.slug);
}

/**
 * Creates or replaces a server's columns and allowed users in one transaction (also the first row
 * of a built-in server). A name or slug taken by another row throws Prisma's P2002.
 */
export async function saveMcpServerRow({
  id,
  columns,
  userIds,
}: {
  id: string;
  columns: McpServerColumns;
  userIds: string[];
}): Promise<void> {
  const db = getDb();
  await db.$transaction([
    db.mcpServer.upsert({ where: { id }, create: { id, ...columns }, update: columns }),
    db.mcpServerUser.deleteMany({ where: { serverId: id } }),
    db.mcpServerUser.createMany({ data: userIds.map((userId) => ({ serverId: id, userId })) }),
  ]);
}

/** Stores the result of a refresh; `create` makes the row of a built-in server that had none. */
export async function saveMcpToolCache({
  id,
  cache,
  create,
}: {
  id: string;
  cache: McpToolCache;
  create?: McpServerColumns;
}): Promise<void> {
  const data = { ...cache, tools: cache.tools as Prisma.InputJsonValue };
  if (create) {
    await getDb().mcpServer.upsert({ where: { id }, create: { id, ...create, ...data }, update: data });
  } else {
    await getDb().mcpServer.updateMany({ where: { id }, data });
  }
}

export async function deleteMcpServerRow({ id }: { id: string }): Promise<boolean> {
  const { count } = await getDb().mcpServer.deleteMany({ where: { id } });
  return count > 0;
}

/** Stores what a tool call learned of a server's reachability; writes only when the status changes. */
export async function saveMcpServerStatus({
  id,
  status,
  lastError,
}: {
  id: string;
  status: McpToolCache["status"];
  lastError: string | null;
}): Promise<void> {
  await getDb().mcpServer.updateMany({ where: { id, status: { not: status } }, data: { status, lastError } });
}

import "server-only";
import type { AgentCategory } from "@/lib/builder/categories";
import { canView } from "./agents-tree";
import { getDb } from "./client";
import type { Prisma } from "./generated/client";

/** An agent of the gallery with its tree at a glance (children the viewer may see, by name). */
export interface GalleryAgent {
  id: string;
  name: string;
  description: string;
  category: AgentCategory;
  visibility: "shared" | "public";
  ownerName: string;
  subagentsEnabled: boolean;
  allowSelf: boolean;
  children: { id: string; name: string }[];
  /** Listed children the viewer may not see: only counted. */
  hiddenChildren: number;
}

const GALLERY_MAX = 200;

/**
 * Agents of others the user may use: shared with them, or public. Optional search (name,
 * description) and category. Newest first, at most 200.
 */
export async function listGallery({
  userId,
  search,
  category,
}: {
  userId: string;
  search?: string;
  category?: AgentCategory;
}): Promise<GalleryAgent[]> {
  const q = search?.trim();
  const where: Prisma.AgentWhereInput = {
    ownerId: { not: userId },
    OR: [{ visibility: "PUBLIC" }, { visibility: "SHARED", shares: { some: { userId } } }],
    ...(category ? { category } : {}),
    ...(q
      ? {
          AND: [
            {
              OR: [
                { name: { contains: q, mode: "insensitive" } },
                { description: { contains: q, mode: "insensitive" } },
              ],
            },
          ],
        }
      : {}),
  };
  const rows = await getDb().agent.findMany({
    where,
    orderBy: { updatedAt: "desc" },
    take: GALLERY_MAX,
    select: {
      id: true,
      name: true,
      description: true,
      category: true,
      visibility: true,
      subagentsEnabled: true,
      allowSelf: true,
      owner: { select: { name: true, email: true } },
      children: {
        orderBy: { position: "asc" },
        select: {
          child: {
            select: {
              id: true,
              name: true,
              ownerId: true,
              visibility: true,
              shares: { select: { userId: true } },
            },
          },
        },
      },
    },
  });
  return rows.map((r) => {
    const visible = r.children
      .map((c) => c.child)
      .filter((c) => canView({ ...c, sharedWith: c.shares.map((s) => s.userId) }, userId));
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      category: r.category as AgentCategory,
      visibility: r.visibility === "PUBLIC" ? "public" : "shared",
      ownerName: r.owner.name ?? r.owner.email,
      subagentsEnabled: r.subagentsEnabled,
      allowSelf: r.allowSelf,
      children: visible.map((c) => ({ id: c.id, name: c.name })),
      hiddenChildren: r.children.length - visible.length,
    };
  });
}

import "server-only";
import { getDb } from "./client";

/** Every query is scoped by `userId`: a note id alone never reaches another user's note. */
export interface NoteRow {
  id: string;
  title: string;
  content: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface NoteHeader {
  id: string;
  title: string;
  updatedAt: Date;
}

export async function countNotes({ userId }: { userId: string }): Promise<number> {
  return getDb().mcpNote.count({ where: { userId } });
}

export async function createNote({
  userId,
  title,
  content,
}: {
  userId: string;
  title: string;
  content: string;
}): Promise<NoteRow> {
  return getDb().mcpNote.create({
    data: { userId, title, content },
    select: { id: true, title: true, content: true, createdAt: true, updatedAt: true },
  });
}

/** The user's notes, newest first; `query` matches title or content (case-insensitive). */
export async function listNotes({
  userId,
  query,
  limit,
}: {
  userId: string;
  query?: string;
  limit: number;
}): Promise<NoteHeader[]> {
  return getDb().mcpNote.findMany({
    where: {
      userId,
      ...(query
        ? {
            OR: [
              { title: { contains: query, mode: "insensitive" } },
              { content: { contains: query, mode: "insensitive" } },
            ],
          }
        : {}),
    },
    select: { id: true, title: true, updatedAt: true },
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    take: limit,
  });
}

export async function getNote({ userId, id }: { userId: string; id: string }): Promise<NoteRow | null> {
  return getDb().mcpNote.findFirst({
    where: { id, userId },
    select: { id: true, title: true, content: true, createdAt: true, updatedAt: true },
  });
}

/** Deletes the user's note; false when the user has no note with that id. */
export async function deleteNote({ userId, id }: { userId: string; id: string }): Promise<boolean> {
  const { count } = await getDb().mcpNote.deleteMany({ where: { id, userId } });
  return count > 0;
}

import "server-only";
import { notFound, redirect } from "next/navigation";
import type { PublicUser } from "@/lib/db/users";
import { AppError } from "@/lib/errors";
import { auth } from "./index";
import { userForSession } from "./sessions";

/**
 * The signed-in user, read fresh from the database on every call (one query: the session row
 * joined to its user) so that a sign-out, "sign out everywhere", a role change or a disabled
 * account takes effect immediately (the JWT only carries the user id and the session id).
 */
export async function currentUser(): Promise<PublicUser | null> {
  const session = await auth();
  if (!session?.user?.id) return null;
  return userForSession({ uid: session.user.id, sid: session.sid });
}

/** For pages: sends anonymous visitors to the sign-in page. */
export async function requireUserPage(): Promise<PublicUser> {
  const user = await currentUser();
  if (!user) redirect("/signin");
  return user;
}

/** For admin pages and admin server actions: anyone else gets a plain 404. */
export async function requireAdminPage(): Promise<PublicUser> {
  const user = await currentUser();
  if (user?.role !== "ADMIN") notFound();
  return user;
}

/** For API routes and server actions: throws typed errors instead of redirecting. */
export async function requireUser(): Promise<PublicUser> {
  const user = await currentUser();
  if (!user) throw new AppError("unauthorized");
  return user;
}

export async function requireAdmin(): Promise<PublicUser> {
  const user = await currentUser();
  if (user?.role !== "ADMIN") throw new AppError("not_found");
  return user;
}

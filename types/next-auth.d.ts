import "next-auth";

declare module "next-auth" {
  interface Session {
    user: { id: string; name?: string | null; email?: string | null; image?: string | null };
    /** Id of the session row this cookie belongs to (lib/auth/sessions.ts). */
    sid?: string;
  }
}

import "server-only";
import { PrismaAdapter } from "@auth/prisma-adapter";
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { grantStarterTeam } from "@/lib/builder/starter-team";
import { getDb } from "@/lib/db/client";
import { promoteIfFirstAdmin } from "@/lib/db/users";
import { isAppError } from "@/lib/errors";
import { clientKeyFromHeaders } from "./client-key";
import { authorizeCredentials } from "./credentials";
import { oauthProviders } from "./providers";

/** Carries our typed error code through Auth.js to the sign-in form. */
class CodedSignInError extends CredentialsSignin {
  constructor(code: string) {
    super();
    this.code = code;
  }
}

// The config is a function so the database client is created on first request, not at build time.
export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  // Credentials sign-in requires JWT sessions; the adapter still stores OAuth users and accounts.
  adapter: PrismaAdapter(getDb() as unknown as Parameters<typeof PrismaAdapter>[0]),
  session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
  trustHost: true,
  pages: { signIn: "/signin" },
  providers: [
    Credentials({
      credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, request) {
        try {
          return await authorizeCredentials({
            input: credentials,
            clientKey: clientKeyFromHeaders(request?.headers),
          });
        } catch (err) {
          if (isAppError(err)) {
            const retry = err.retryAfter ? `|${err.retryAfter}` : "";
            throw new CodedSignInError(`${err.code}${retry}`);
          }
          throw err;
        }
      },
    }),
    ...oauthProviders(),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user?.id) token.uid = user.id;
      return token;
    },
    session({ session, token }) {
      if (token.uid && session.user) session.user.id = String(token.uid);
      return session;
    },
  },
  events: {
    async createUser({ user }) {
      // OAuth sign-ups go through the adapter; the first account of the installation is the admin.
      if (user.id) await promoteIfFirstAdmin({ id: user.id });
      if (user.id) await grantStarterTeam({ userId: user.id });
    },
  },
  // Auth.js logs whole error objects by default; log only their kind so nothing sensitive leaks.
  logger: {
    error(error) {
      console.error(`[auth] ${"type" in error ? (error as { type: string }).type : "error"}`);
    },
    warn(code) {
      console.warn(`[auth] warning ${code}`);
    },
    debug() {},
  },
}));

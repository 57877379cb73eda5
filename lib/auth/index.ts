import "server-only";
import { PrismaAdapter } from "@auth/prisma-adapter";
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { grantStarterTeam } from "@/lib/builder/starter-team";
import { getDb } from "@/lib/db/client";
import { markEmailVerified, promoteIfFirstAdmin } from "@/lib/db/users";
import { env } from "@/lib/env";
import { isAppError } from "@/lib/errors";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { requestLocale } from "@/lib/i18n/request-locale";
import { clientAddressFromHeaders } from "./client-address";
import { authorizeCredentials } from "./credentials";
import { PROVIDER_ERROR } from "./messages";
import { oauthProviders } from "./providers";
import { oauthSignInDecision } from "./registration";
import { endSession, SESSION_MAX_AGE_S, startSession, userForSession } from "./sessions";
import { tokenlessAccounts } from "./tokenless-accounts";

/** ": <name>: <first line of the message>" of an Auth.js error's cause, or "". */
function causeOf(error: Error): string {
  // Auth.js wraps what failed (CallbackRouteError → cause.err); anything else is the failure itself.
  const cause =
    "type" in error ? ((error.cause as { err?: unknown } | undefined)?.err ?? error.cause) : error;
  if (!(cause instanceof Error)) return "";
  return `: ${cause.name}: ${cause.message.split("\n")[0].slice(0, 200)}`;
}

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
  // The JWT names a session row (lib/auth/sessions.ts) that every request checks, so signing out,
  // "sign out everywhere" and disabling an account end sessions at once.
  adapter: tokenlessAccounts(PrismaAdapter(getDb() as unknown as Parameters<typeof PrismaAdapter>[0])),
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
  trustHost: true,
  // Auth.js errors (such as an OAuth sign-up refused by the registration mode) land on the sign-in page.
  pages: { signIn: "/signin", error: "/signin" },
  providers: [
    Credentials({
      credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, request) {
        try {
          return await authorizeCredentials({
            input: credentials,
            clientAddress: clientAddressFromHeaders(request?.headers, env().TRUSTED_PROXY_HOPS),
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
    // OAuth sign-ins: disabled accounts are refused like on the password path, sign-ups obey the
    // registration mode (the credentials form checks it in registerUser). A string return is
    // where Auth.js sends the browser instead (the sign-in page shows its message).
    async signIn({ user, account }) {
      if (!account || account.type === "credentials") return true;
      // Signed in already: Auth.js links this provider to the session's user (Settings → Link).
      // Only to a live session: a signed-out cookie must not attach a provider to its account.
      const session = await auth();
      let linkingUserId: string | undefined;
      if (session?.user?.id) {
        const current = await userForSession({ uid: session.user.id, sid: session.sid });
        if (!current) return `/signin?error=${PROVIDER_ERROR.sessionEnded}`;
        linkingUserId = current.id;
      }
      const decision = await oauthSignInDecision({
        provider: account.provider,
        providerAccountId: account.providerAccountId,
        email: user.email,
        linkingUserId,
      });
      if (decision === "account_disabled") return `/signin?error=${PROVIDER_ERROR.accountDisabled}`;
      return decision === "allow";
    },
    async jwt({ token, user }) {
      // `user` is only present at sign-in: start a session row for this cookie.
      if (user?.id) {
        token.uid = user.id;
        token.sid = await startSession({ userId: user.id });
      }
      return token;
    },
    session({ session, token }) {
      if (token.uid && session.user) session.user.id = String(token.uid);
      if (typeof token.sid === "string") session.sid = token.sid;
      return session;
    },
  },
  events: {
    // Auth.js creates provider users with emailVerified null whatever the provider says: record
    // the provider's word (OIDC and Google's email_verified claim) for the email it vouched for.
    async signIn({ user, profile }) {
      const email = typeof profile?.email === "string" ? profile.email.toLowerCase() : undefined;
      if (user.id && email && profile?.email_verified === true)
        await markEmailVerified({ id: user.id, email });
    },
    async signOut(message) {
      if ("token" in message) await endSession(message.token);
    },
    async createUser({ user }) {
      // OAuth sign-ups go through the adapter; the first account of the installation is the admin.
      if (user.id) await promoteIfFirstAdmin({ id: user.id });
      if (user.id)
        await grantStarterTeam({
          userId: user.id,
          locale: await requestLocale().catch(() => DEFAULT_LOCALE),
        });
    },
  },
  // Auth.js logs whole error objects by default; log only their kind and what went wrong (the
  // cause's name and first line, e.g. a provider's timeout), never the request or its tokens.
  logger: {
    error(error) {
      console.error(
        `[auth] ${"type" in error ? (error as { type: string }).type : "error"}${causeOf(error)}`,
      );
    },
    warn(code) {
      console.warn(`[auth] warning ${code}`);
    },
    debug() {},
  },
}));

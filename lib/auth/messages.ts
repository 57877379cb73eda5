// What the sign-in page says for each way a sign-in can fail: the password path
// (app/(auth)/actions.ts) and the provider path (the error codes Auth.js, or our signIn callback,
// put into /signin?error=…) map to keys of auth.signIn.* in the catalogs.

/** Error codes of /signin?error=… that our signIn callback sets (Auth.js sets the others). */
export const PROVIDER_ERROR = { accountDisabled: "AccountDisabled", sessionEnded: "SessionEnded" } as const;

/** A catalog key of the sign-in page's own messages (messages/<locale>/auth.json). */
export type SignInMessageKey = `auth.signIn.${"failure" | "problem"}.${string}`;

/**
 * The message for a failed password sign-in, from the code Auth.js passes on ("<error code>|<retry
 * seconds>" for a throttled sign-in). `seconds` goes with `auth.signIn.failure.tooMany`.
 */
export function signInFailureKey(code: string | undefined): { key: SignInMessageKey; seconds?: number } {
  const [kind, retry] = (code ?? "").split("|");
  switch (kind) {
    case "unauthorized:credentials":
      return { key: "auth.signIn.failure.wrongCredentials" };
    case "bad_request:credentials":
      return { key: "auth.signIn.failure.missingCredentials" };
    case "forbidden:account_disabled":
      return { key: "auth.signIn.failure.accountDisabled" };
    case "rate_limit:signin": {
      const seconds = Number(retry);
      return Number.isFinite(seconds) && seconds > 0
        ? { key: "auth.signIn.failure.tooMany", seconds }
        : { key: "auth.signIn.failure.tooManySoon" };
    }
    default:
      return { key: "auth.signIn.failure.failed" };
  }
}

/**
 * The message for /signin?error=<code>, or null when there is no error. The problem.* messages
 * take `{provider}`: the provider's name, or auth.signIn.problem.someProvider when unknown.
 */
export function providerSignInMessageKey(code: string | undefined): SignInMessageKey | null {
  switch (code) {
    case undefined:
    case "":
      return null;
    case "AccessDenied":
      return "auth.signIn.problem.accessDenied";
    case PROVIDER_ERROR.accountDisabled:
      return "auth.signIn.failure.accountDisabled";
    case PROVIDER_ERROR.sessionEnded:
      return "auth.signIn.problem.sessionEnded";
    case "OAuthAccountNotLinked":
      return "auth.signIn.problem.notLinked";
    // Auth.js reports anything that went wrong talking to the provider (no answer in time,
    // connection refused, an error response) as a configuration error.
    case "Configuration":
    case "OAuthCallbackError":
      return "auth.signIn.problem.unreachable";
    default:
      return "auth.signIn.failure.failed";
  }
}

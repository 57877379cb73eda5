// What the sign-in page says for each way a sign-in can fail: one home for the wording, used by
// the password path (lib/auth/credentials.ts, app/(auth)/actions.ts) and the provider path (the
// error codes Auth.js, or our signIn callback, put into /signin?error=…).

export const ACCOUNT_DISABLED_MESSAGE = "This account has been disabled. Contact your administrator.";
export const WRONG_CREDENTIALS_MESSAGE = "That email and password don't match an account.";
export const MISSING_CREDENTIALS_MESSAGE = "Enter your email and password.";
export const SIGN_IN_FAILED_MESSAGE = "Sign-in failed. Please try again.";

/** Error codes of /signin?error=… that our signIn callback sets (Auth.js sets the others). */
export const PROVIDER_ERROR = { accountDisabled: "AccountDisabled", sessionEnded: "SessionEnded" } as const;

/** The message for /signin?error=<code>&provider=<name>, or null when there is no error. */
export function providerSignInMessage(code: string | undefined, providerName: string): string | null {
  switch (code) {
    case undefined:
    case "":
      return null;
    case "AccessDenied":
      return "That account is not registered here, and this server does not accept new accounts through single sign-on right now.";
    case PROVIDER_ERROR.accountDisabled:
      return ACCOUNT_DISABLED_MESSAGE;
    case PROVIDER_ERROR.sessionEnded:
      return "Your session has ended. Sign in again, then link the provider from Settings.";
    case "OAuthAccountNotLinked":
      return `An account with this email already exists and does not use ${providerName} yet (or this ${providerName} account belongs to another user). Sign in with your email and password, then link ${providerName} under Settings → Sign-in methods. No password? Ask your administrator.`;
    // Auth.js reports anything that went wrong talking to the provider (no answer in time,
    // connection refused, an error response) as a configuration error.
    case "Configuration":
    case "OAuthCallbackError":
      return `${providerName} did not answer or refused the sign-in. Try again in a few minutes; if it keeps failing, tell your administrator.`;
    default:
      return SIGN_IN_FAILED_MESSAGE;
  }
}

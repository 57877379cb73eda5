import { customFetch } from "next-auth";
import type { OIDCConfig, Provider } from "next-auth/providers";
import GitHub from "next-auth/providers/github";
import Google from "next-auth/providers/google";
import { type Env, env } from "@/lib/env";
import { boundedFetch } from "./bounded-fetch";

type ProviderSettings = Pick<
  Env,
  | "AUTH_GITHUB_ID"
  | "AUTH_GITHUB_SECRET"
  | "AUTH_GOOGLE_ID"
  | "AUTH_GOOGLE_SECRET"
  | "AUTH_OIDC_ISSUER"
  | "AUTH_OIDC_ID"
  | "AUTH_OIDC_SECRET"
  | "AUTH_OIDC_NAME"
  | "AUTH_PROVIDER_TIMEOUT_MS"
>;

interface OidcClaims {
  sub: string;
  name?: string;
  preferred_username?: string;
  email?: string;
  picture?: string;
}

// OAuth/OIDC providers switch on when their environment variables are set.
export function oauthProviders(settings: ProviderSettings = env()): Provider[] {
  const fetchWithTimeout = boundedFetch(settings.AUTH_PROVIDER_TIMEOUT_MS);
  const providers: Provider[] = [];
  if (settings.AUTH_GITHUB_ID && settings.AUTH_GITHUB_SECRET) {
    providers.push(
      GitHub({
        clientId: settings.AUTH_GITHUB_ID,
        clientSecret: settings.AUTH_GITHUB_SECRET,
        [customFetch]: fetchWithTimeout,
      }),
    );
  }
  if (settings.AUTH_GOOGLE_ID && settings.AUTH_GOOGLE_SECRET) {
    providers.push(
      Google({
        clientId: settings.AUTH_GOOGLE_ID,
        clientSecret: settings.AUTH_GOOGLE_SECRET,
        [customFetch]: fetchWithTimeout,
      }),
    );
  }
  if (settings.AUTH_OIDC_ISSUER && settings.AUTH_OIDC_ID && settings.AUTH_OIDC_SECRET) {
    const oidc: OIDCConfig<OidcClaims> = {
      id: "oidc",
      name: settings.AUTH_OIDC_NAME || "Single sign-on",
      type: "oidc",
      issuer: settings.AUTH_OIDC_ISSUER,
      clientId: settings.AUTH_OIDC_ID,
      clientSecret: settings.AUTH_OIDC_SECRET,
      // PKCE alone does not bind the answer to this browser when the provider ignores PKCE:
      // state (a cookie) and nonce (in the ID token) do.
      checks: ["pkce", "state", "nonce"],
      // The ID token is still verified; the profile comes from the userinfo endpoint, because a
      // conforming provider puts the scope's claims (email, name) there, not in the ID token.
      idToken: false,
      [customFetch]: fetchWithTimeout,
      profile(claims) {
        return {
          id: claims.sub,
          name: claims.name ?? claims.preferred_username ?? null,
          email: claims.email ?? null,
          image: claims.picture ?? null,
        };
      },
    };
    providers.push(oidc);
  }
  return providers;
}

export function oauthProviderList(
  settings: ProviderSettings = env(),
  /** What the buttons call an OIDC provider the admin didn't name (the reader's language). */
  oidcDefaultName?: string,
): { id: string; name: string }[] {
  return oauthProviders(settings).map((p) => {
    const conf = typeof p === "function" ? p() : p;
    const unnamed = conf.id === "oidc" && !settings.AUTH_OIDC_NAME && oidcDefaultName;
    return { id: conf.id, name: unnamed ? oidcDefaultName : conf.name };
  });
}

/**
 * What to call the provider in a message: Auth.js's error redirects do not say which provider
 * failed, so its name when only one is configured (else null: the page says "the sign-in provider").
 */
export function providerLabel(list: { name: string }[]): string | null {
  return list.length === 1 ? list[0].name : null;
}

import type { Provider } from "next-auth/providers";
import GitHub from "next-auth/providers/github";
import Google from "next-auth/providers/google";

// OAuth/OIDC providers switch on when their environment variables are set.
export function oauthProviders(env = process.env): Provider[] {
  const providers: Provider[] = [];
  if (env.AUTH_GITHUB_ID && env.AUTH_GITHUB_SECRET) {
    providers.push(GitHub({ clientId: env.AUTH_GITHUB_ID, clientSecret: env.AUTH_GITHUB_SECRET }));
  }
  if (env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET) {
    providers.push(Google({ clientId: env.AUTH_GOOGLE_ID, clientSecret: env.AUTH_GOOGLE_SECRET }));
  }
  if (env.AUTH_OIDC_ISSUER && env.AUTH_OIDC_ID && env.AUTH_OIDC_SECRET) {
    providers.push({
      id: "oidc",
      name: env.AUTH_OIDC_NAME || "Single sign-on",
      type: "oidc",
      issuer: env.AUTH_OIDC_ISSUER,
      clientId: env.AUTH_OIDC_ID,
      clientSecret: env.AUTH_OIDC_SECRET,
    });
  }
  return providers;
}

export function oauthProviderList(env = process.env): { id: string; name: string }[] {
  return oauthProviders(env).map((p) => {
    const conf = typeof p === "function" ? p() : p;
    return { id: conf.id, name: conf.name };
  });
}

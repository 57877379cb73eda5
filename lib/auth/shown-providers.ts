import "server-only";
import { getTranslations } from "next-intl/server";
import { oauthProviderList } from "./providers";

/**
 * The sign-in buttons' providers for this request: an OIDC provider the admin didn't name
 * (AUTH_OIDC_NAME) is called "Single sign-on" in the reader's language, not Auth.js' English name.
 */
export async function shownOauthProviders(): Promise<{ id: string; name: string }[]> {
  const t = await getTranslations("auth.form");
  return oauthProviderList(undefined, t("oidcDefaultName"));
}

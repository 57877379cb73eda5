import type { Adapter, AdapterAccount } from "next-auth/adapters";

/**
 * The adapter with one change: a linked provider account is stored as who it is (provider, its
 * account id, its kind), without the provider's access, refresh and ID tokens. The app calls no
 * provider API after sign-in, so keeping those tokens would only give a database reader a way
 * into the users' accounts at the provider.
 */
export function tokenlessAccounts(adapter: Adapter): Adapter {
  const { linkAccount } = adapter;
  if (!linkAccount) return adapter;
  return {
    ...adapter,
    linkAccount: ({ userId, type, provider, providerAccountId }: AdapterAccount) =>
      linkAccount({ userId, type, provider, providerAccountId }),
  };
}

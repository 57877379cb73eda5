import type { Metadata } from "next";
import { ProviderButton } from "@/components/auth/provider-button";
import { PersonalKeyForm } from "@/components/endpoints/personal-key-form";
import { oauthProviderList } from "@/lib/auth/providers";
import { requireUserPage } from "@/lib/auth/session";
import { linkedProviders } from "@/lib/db/users";
import { listPersonalKeySlots } from "@/lib/endpoints/personal-keys";
import { signOutEverywhereAction } from "../../(auth)/actions";
import { removeMyKeyAction, saveMyKeyAction } from "./actions";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUserPage();
  const [slots, linked] = await Promise.all([
    listPersonalKeySlots({ userId: user.id }),
    linkedProviders({ userId: user.id }),
  ]);
  const providers = oauthProviderList();
  const justLinked = (await searchParams).linked === "1";
  return (
    <div className="mx-auto max-w-3xl space-y-6 p-4 md:p-8">
      <header>
        <h1 className="text-2xl font-semibold" data-testid="settings-title">
          Settings
        </h1>
        <p className="text-sm text-zinc-500">Signed in as {user.email}.</p>
      </header>
      <section className="space-y-3">
        <h2 className="text-lg font-medium">Personal API keys</h2>
        <p className="text-sm text-zinc-500">
          Some endpoints let you use your own key: your chats with their models then run on your account. Keys
          are stored encrypted; only their last 4 characters are shown.
        </p>
        {slots.length === 0 ? (
          <p className="rounded-xl border border-dashed border-zinc-300 p-4 text-sm text-zinc-500 dark:border-zinc-700">
            No endpoint on this server accepts personal keys.
          </p>
        ) : (
          <ul className="space-y-3">
            {slots.map((slot) => (
              <li key={slot.endpointId}>
                <PersonalKeyForm slot={slot} save={saveMyKeyAction} remove={removeMyKeyAction} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {providers.length > 0 && (
        <section className="space-y-3" data-testid="sign-in-methods">
          <h2 className="text-lg font-medium">Sign-in methods</h2>
          <p className="text-sm text-zinc-500">
            Link a provider to sign in with it as this account. Linking takes you to the provider and back.
          </p>
          {justLinked && (
            <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
              Linked. You can now sign in with it.
            </p>
          )}
          <ul className="space-y-2">
            {providers.map((p) => (
              <li
                key={p.id}
                className="flex items-center justify-between gap-3"
                data-testid={`method-${p.id}`}
              >
                <span className="text-sm">{p.name}</span>
                {linked.includes(p.id) ? (
                  <span className="text-sm text-zinc-500">Linked</span>
                ) : (
                  <div className="w-48">
                    <ProviderButton provider={p} next="/settings" label={`Link ${p.name}`} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="space-y-3">
        <h2 className="text-lg font-medium">Sessions</h2>
        <p className="text-sm text-zinc-500">
          Signed in on another device, or think someone copied your session? This ends every session of your
          account at once, including this one.
        </p>
        <form action={signOutEverywhereAction}>
          <button
            type="submit"
            data-testid="sign-out-everywhere"
            className="rounded-lg border border-zinc-300 px-4 py-2 text-sm font-medium hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"
          >
            Sign out everywhere
          </button>
        </form>
      </section>
    </div>
  );
}

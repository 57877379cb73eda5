import type { Metadata } from "next";
import { PersonalKeyForm } from "@/components/endpoints/personal-key-form";
import { requireUserPage } from "@/lib/auth/session";
import { listPersonalKeySlots } from "@/lib/endpoints/personal-keys";
import { signOutEverywhereAction } from "../../(auth)/actions";
import { removeMyKeyAction, saveMyKeyAction } from "./actions";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const user = await requireUserPage();
  const slots = await listPersonalKeySlots({ userId: user.id });
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

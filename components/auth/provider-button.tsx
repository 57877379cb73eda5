"use client";
import { useTranslations } from "next-intl";
import { useFormStatus } from "react-dom";
import { providerSignInAction } from "@/app/(auth)/actions";

function Submit({ name, label }: { name: string; label?: string }) {
  const t = useTranslations("auth.form");
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      disabled={pending}
      data-testid="provider-sign-in"
      className="block w-full rounded-lg border border-zinc-300 px-4 py-2 text-center text-sm hover:bg-zinc-50 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-900"
    >
      {pending ? t("contacting", { provider: name }) : (label ?? name)}
    </button>
  );
}

/**
 * Signs in with a provider (or links it, from Settings). A form posting to a server action, not a
 * link: Auth.js v5 starts a provider sign-in only on a POST with its CSRF token.
 */
export function ProviderButton({
  provider,
  next,
  label,
}: {
  provider: { id: string; name: string };
  /** "/settings" when linking to the signed-in account. */
  next?: "/settings";
  label?: string;
}) {
  return (
    <form action={providerSignInAction}>
      <input type="hidden" name="provider" value={provider.id} />
      {next && <input type="hidden" name="next" value={next} />}
      <Submit name={provider.name} label={label} />
    </form>
  );
}

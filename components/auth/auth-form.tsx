"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";
import type { AuthFormState } from "@/app/(auth)/actions";
import { Field } from "@/components/ui/field";
import { ProviderButton } from "./provider-button";

interface AuthFormProps {
  mode: "signin" | "register";
  action: (prev: AuthFormState, form: FormData) => Promise<AuthFormState>;
  oauth: { id: string; name: string }[];
  /** Invite code to register with (invite-only registration). */
  invite?: string;
  /** Whether to offer the link to the other form (hidden when registration is closed). */
  showSwitch?: boolean;
}

export function AuthForm({ mode, action, oauth, invite, showSwitch = true }: AuthFormProps) {
  const t = useTranslations("auth");
  const [state, formAction, pending] = useActionState(action, {});
  const isRegister = mode === "register";
  // Held here, not by the form: React resets a form after its action, and a refused sign-up must
  // keep what was typed (the password never comes back from the server).
  const [password, setPassword] = useState("");
  return (
    <div className="space-y-6">
      <form action={formAction} className="space-y-4" noValidate data-testid={`${mode}-form`}>
        {invite && <input type="hidden" name="invite" value={invite} />}
        {isRegister && (
          <Field
            label={t("form.name")}
            name="name"
            autoComplete="name"
            defaultValue={state.values?.name}
            error={state.fields?.name}
            required
          />
        )}
        <Field
          label={t("form.email")}
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={state.values?.email}
          error={state.fields?.email}
          required
        />
        <Field
          label={t("form.password")}
          name="password"
          type="password"
          autoComplete={isRegister ? "new-password" : "current-password"}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={state.fields?.password}
          hint={isRegister ? t("form.passwordHint") : undefined}
          required
        />
        {!isRegister && (
          <p className="text-right text-sm">
            <Link
              href="/forgot-password"
              className="font-medium text-accent-600 hover:underline dark:text-accent-500"
              data-testid="forgot-password-link"
            >
              {t("reset.forgotLink")}
            </Link>
          </p>
        )}
        {state.message && (
          <p
            role="alert"
            data-testid="form-error"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
          >
            {state.message}
          </p>
        )}
        <button
          type="submit"
          disabled={pending}
          className="w-full rounded-lg bg-accent-600 px-4 py-2.5 text-sm font-medium text-white shadow-sm transition hover:bg-accent-700 disabled:opacity-60"
        >
          {pending ? t("form.pleaseWait") : isRegister ? t("register.submit") : t("signIn.submit")}
        </button>
      </form>
      {oauth.length > 0 && (
        <div className="space-y-2">
          <p className="text-center text-xs text-zinc-500">{t("form.orContinueWith")}</p>
          {oauth.map((p) => (
            <ProviderButton key={p.id} provider={p} />
          ))}
        </div>
      )}
      {showSwitch && (
        <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          {t.rich(isRegister ? "register.haveAccount" : "signIn.newHere", {
            link: (text) => (
              <Link
                href={isRegister ? "/signin" : "/register"}
                className="font-medium text-accent-600 hover:underline dark:text-accent-500"
              >
                {text}
              </Link>
            ),
          })}
        </p>
      )}
    </div>
  );
}

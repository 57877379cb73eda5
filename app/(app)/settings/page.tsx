import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { ProviderButton } from "@/components/auth/provider-button";
import { PersonalKeyForm } from "@/components/endpoints/personal-key-form";
import { PasswordForm, ProfileNameForm } from "@/components/settings/account-forms";
import { MySharedLinks } from "@/components/share/my-shared-links";
import { requireUserPage } from "@/lib/auth/session";
import { shownOauthProviders } from "@/lib/auth/shown-providers";
import { hasPassword, linkedProviders } from "@/lib/db/users";
import { listPersonalKeySlots } from "@/lib/endpoints/personal-keys";
import { isLocale } from "@/lib/i18n/locales";
import { getMoneyBudgetsForUser } from "@/lib/quota";
import { signOutEverywhereAction } from "../../(auth)/actions";
import {
  changeMyPasswordAction,
  removeMyKeyAction,
  saveMyAnswerBudgetAction,
  saveMyKeyAction,
  saveMyLocaleAction,
  saveMyNameAction,
} from "./actions";
import { AnswerBudgetForm } from "./budget-form";
import { LanguageForm } from "./language-form";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("settings");
  return { title: t("title") };
}

export default async function SettingsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUserPage();
  const [slots, linked, withPassword, t, tApi, tUsage, budgets, format, tConnections] = await Promise.all([
    listPersonalKeySlots({ userId: user.id }),
    linkedProviders({ userId: user.id }),
    hasPassword({ id: user.id }),
    getTranslations("settings"),
    getTranslations("api.keys"),
    getTranslations("usage"),
    getMoneyBudgetsForUser({ userId: user.id }),
    getFormatter(),
    getTranslations("mcp.connections"),
  ]);
  // Budgets reset on UTC boundaries: their times are shown in UTC, whatever the server's zone.
  // Money with up to 6 decimals (a budget per answer is often a fraction of a cent).
  const money = (v: number) => format.number(v, { maximumFractionDigits: 6 });
  const utc = (at: Date) => format.dateTime(at, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const providers = await shownOauthProviders();
  const justLinked = (await searchParams).linked === "1";
  return (
    <div className="mx-auto max-w-3xl space-y-6 p-4 md:p-8">
      <header>
        <h1 className="text-2xl font-semibold" data-testid="settings-title">
          {t("title")}
        </h1>
        <p className="text-sm text-zinc-500">{t("signedInAs", { email: user.email })}</p>
      </header>
      <section className="space-y-3" data-testid="account-section">
        <h2 className="text-lg font-medium">{t("account.title")}</h2>
        <p className="text-sm text-zinc-500">{t("account.help")}</p>
        <ProfileNameForm name={user.name ?? ""} save={saveMyNameAction} />
        <h3 className="pt-2 text-base font-medium">{t("account.password")}</h3>
        {withPassword ? (
          <PasswordForm email={user.email} save={changeMyPasswordAction} />
        ) : (
          <p className="text-sm text-zinc-500" data-testid="no-password">
            {t("account.noPassword")}
          </p>
        )}
      </section>
      <section className="space-y-3" data-testid="language-section">
        <h2 className="text-lg font-medium">{t("language.title")}</h2>
        <p className="text-sm text-zinc-500">{t("language.help")}</p>
        <LanguageForm current={isLocale(user.locale) ? user.locale : null} save={saveMyLocaleAction} />
      </section>
      <section className="space-y-3" data-testid="shared-links-section">
        <h2 className="text-lg font-medium">{t("sharedLinks.title")}</h2>
        <p className="text-sm text-zinc-500">{t("sharedLinks.help")}</p>
        <MySharedLinks />
      </section>
      <section className="space-y-3" data-testid="budgets-section">
        <h2 className="text-lg font-medium">{t("budgets.title")}</h2>
        <p className="text-sm text-zinc-500">{t("budgets.help")}</p>
        <ul className="space-y-1 text-sm" data-testid="budget-periods">
          <li>
            {budgets.dailyBudget > 0
              ? t("budgets.day", {
                  spent: money(budgets.spentToday),
                  budget: money(budgets.dailyBudget),
                  at: utc(budgets.dayResetsAt),
                })
              : t("budgets.dayNone")}
          </li>
          <li>
            {budgets.monthlyBudget > 0
              ? t("budgets.month", {
                  spent: money(budgets.spentThisMonth),
                  budget: money(budgets.monthlyBudget),
                  at: utc(budgets.monthResetsAt),
                })
              : t("budgets.monthNone")}
          </li>
        </ul>
        <AnswerBudgetForm
          current={budgets.ownAnswerBudget}
          adminCap={budgets.adminAnswerBudget}
          save={saveMyAnswerBudgetAction}
        />
      </section>
      <section className="space-y-3">
        <h2 className="text-lg font-medium">{t("keys.title")}</h2>
        <p className="text-sm text-zinc-500">{t("keys.help")}</p>
        {slots.length === 0 ? (
          <p className="rounded-xl border border-dashed border-zinc-300 p-4 text-sm text-zinc-500 dark:border-zinc-700">
            {t("keys.none")}
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
      <section className="space-y-3" data-testid="api-keys-section">
        <h2 className="text-lg font-medium">{tApi("title")}</h2>
        <p className="text-sm text-zinc-500">{tApi("help")}</p>
        <Link href="/settings/api-keys" className="text-sm font-medium underline" data-testid="api-keys-link">
          {tApi("settingsLink")}
        </Link>
      </section>
      <section className="space-y-3" data-testid="connections-section">
        <h2 className="text-lg font-medium">{tConnections("title")}</h2>
        <p className="text-sm text-zinc-500">{tConnections("settingsHelp")}</p>
        <Link
          href="/settings/connections"
          className="text-sm font-medium underline"
          data-testid="connections-link"
        >
          {tConnections("settingsLink")}
        </Link>
      </section>
      <section className="space-y-3" data-testid="files-section">
        <h2 className="text-lg font-medium">{t("files.title")}</h2>
        <p className="text-sm text-zinc-500">{t("files.settingsHelp")}</p>
        <Link href="/settings/files" className="text-sm font-medium underline" data-testid="my-files-link">
          {t("files.settingsLink")}
        </Link>
      </section>
      <section className="space-y-3" data-testid="usage-section">
        <h2 className="text-lg font-medium">{tUsage("myTitle")}</h2>
        <p className="text-sm text-zinc-500">{tUsage("settingsHelp")}</p>
        <Link href="/settings/usage" className="text-sm font-medium underline" data-testid="usage-link">
          {tUsage("settingsLink")}
        </Link>
      </section>
      {providers.length > 0 && (
        <section className="space-y-3" data-testid="sign-in-methods">
          <h2 className="text-lg font-medium">{t("methods.title")}</h2>
          <p className="text-sm text-zinc-500">{t("methods.help")}</p>
          {justLinked && (
            <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
              {t("methods.justLinked")}
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
                  <span className="text-sm text-zinc-500">{t("methods.linked")}</span>
                ) : (
                  <div className="w-48">
                    <ProviderButton
                      provider={p}
                      next="/settings"
                      label={t("methods.link", { provider: p.name })}
                    />
                  </div>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="space-y-3">
        <h2 className="text-lg font-medium">{t("sessions.title")}</h2>
        <p className="text-sm text-zinc-500">{t("sessions.help")}</p>
        <form action={signOutEverywhereAction}>
          <button
            type="submit"
            data-testid="sign-out-everywhere"
            className="rounded-lg border border-zinc-300 px-4 py-2 text-sm font-medium hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"
          >
            {t("sessions.signOutEverywhere")}
          </button>
        </form>
      </section>
    </div>
  );
}

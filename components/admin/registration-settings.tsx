"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { Field } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/form-status";
import { cardClass, inputClass, secondaryButton } from "@/components/ui/styles";
import { SubmitRow } from "@/components/ui/submit-row";
import { useFormAction } from "@/components/ui/use-form-action";
import type { ActionResult } from "@/lib/action-result";
import { inviteLink } from "@/lib/auth/invite-link";

type Mode = "open" | "invite" | "closed";

interface InviteView {
  id: string;
  note: string;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  usedBy: string | null;
  state: "pending" | "used" | "expired";
}

const MODES: Mode[] = ["open", "invite", "closed"];

export function RegistrationSettings({
  status,
  invites,
  setMode,
  createInvite,
  revokeInvite,
}: {
  status: { mode: Mode; adminMode: Mode; envCap: Mode | undefined; bootstrap: boolean };
  invites: InviteView[];
  setMode: (form: FormData) => Promise<ActionResult<{ mode: string }>>;
  createInvite: (form: FormData) => Promise<ActionResult<{ code: string; expiresAt: string }>>;
  revokeInvite: (input: { id: string }) => Promise<ActionResult>;
}) {
  const t = useTranslations("admin");
  const format = useFormatter();
  const modeForm = useFormAction(setMode);
  const inviteForm = useFormAction(createInvite);
  const [revoking, startRevoke] = useTransition();
  const [revokeResult, setRevokeResult] = useState<ActionResult | null>(null);
  const created = inviteForm.result?.ok ? inviteForm.result.data : null;
  const link =
    created && typeof window !== "undefined" ? inviteLink(window.location.origin, created.code) : null;

  return (
    <div className="space-y-6">
      <form action={modeForm.formAction} className={cardClass} data-testid="registration-mode-form">
        <header>
          <h2 className="text-lg font-medium">{t("registration.who")}</h2>
          <p className="text-sm text-zinc-500" data-testid="registration-effective">
            {t.rich("registration.effective", {
              mode: t(`registration.modeName.${status.mode}`),
              b: (chunks) => <strong>{chunks}</strong>,
            })}
            {status.envCap && status.envCap !== "open" && (
              <>
                {" "}
                {t("registration.envCap", {
                  cap: status.envCap,
                  capName: t(`registration.modeName.${status.envCap}`),
                })}
              </>
            )}
          </p>
        </header>
        <fieldset className="space-y-2">
          <legend className="sr-only">{t("registration.modeLegend")}</legend>
          {MODES.map((m) => (
            <label key={m} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="mode"
                value={m}
                defaultChecked={status.adminMode === m}
                data-testid={`registration-mode-${m}`}
                className="mt-1 accent-accent-600"
              />
              <span>
                <span className="font-medium">{t(`registration.modes.${m}.label`)}</span>
                <span className="block text-zinc-500">{t(`registration.modes.${m}.help`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <SubmitRow
          label={t("form.save")}
          busyLabel={t("form.saving")}
          pending={modeForm.pending}
          result={modeForm.result}
          testId="save-registration-mode"
        />
      </form>

      <form action={inviteForm.formAction} className={cardClass} data-testid="invite-form" noValidate>
        <header>
          <h2 className="text-lg font-medium">{t("invites.title")}</h2>
          <p className="text-sm text-zinc-500">{t("invites.description")}</p>
        </header>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("invites.note")}
            name="note"
            defaultValue={inviteForm.values?.note}
            error={inviteForm.fields.note}
            data-testid="invite-note"
          />
          <div className="space-y-1.5">
            <label
              htmlFor="f-expiresInDays"
              className="block text-sm font-medium text-zinc-700 dark:text-zinc-300"
            >
              {t("invites.expiresAfter")}
            </label>
            <select
              id="f-expiresInDays"
              name="expiresInDays"
              defaultValue="7"
              className={inputClass}
              data-testid="invite-expiry"
            >
              {[1, 7, 30].map((days) => (
                <option key={days} value={days}>
                  {t("invites.days", { count: days })}
                </option>
              ))}
            </select>
          </div>
        </div>
        <SubmitRow
          label={t("invites.create")}
          busyLabel={t("invites.creating")}
          pending={inviteForm.pending}
          result={inviteForm.result}
          testId="create-invite"
        />
        {link && (
          <div className="space-y-1">
            <input
              readOnly
              value={link}
              className={inputClass}
              data-testid="invite-link"
              aria-label={t("invites.link")}
            />
            <button
              type="button"
              className={secondaryButton}
              onClick={() => void navigator.clipboard?.writeText(link)}
            >
              {t("invites.copy")}
            </button>
          </div>
        )}
      </form>

      <section className="space-y-2">
        <FormStatus result={revokeResult} />
        {invites.length === 0 ? (
          <p className="text-sm text-zinc-500">{t("invites.empty")}</p>
        ) : (
          <div className="relative overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
            <table className="w-full text-left text-sm" data-testid="invites-table">
              <thead className="bg-zinc-50 text-xs uppercase text-zinc-500 dark:bg-zinc-900">
                <tr>
                  <th className="px-4 py-2 font-medium">{t("invites.columns.note")}</th>
                  <th className="px-4 py-2 font-medium">{t("invites.columns.created")}</th>
                  <th className="px-4 py-2 font-medium">{t("invites.columns.expires")}</th>
                  <th className="px-4 py-2 font-medium">{t("invites.columns.status")}</th>
                  <th className="px-4 py-2">
                    <span className="sr-only">{t("invites.columns.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {invites.map((i) => (
                  <tr key={i.id} data-testid="invite-row" data-state={i.state}>
                    <td className="px-4 py-2">{i.note || "—"}</td>
                    <td className="px-4 py-2 text-zinc-500">
                      {t("invites.createdBy", {
                        date: format.dateTime(new Date(i.createdAt), { dateStyle: "medium" }),
                        email: i.createdBy,
                      })}
                    </td>
                    <td className="px-4 py-2 text-zinc-500">
                      {format.dateTime(new Date(i.expiresAt), { dateStyle: "medium", timeStyle: "short" })}
                    </td>
                    <td className="px-4 py-2">
                      {i.state === "used"
                        ? t("invites.usedBy", { email: i.usedBy ?? "" })
                        : i.state === "expired"
                          ? t("invites.expired")
                          : t("invites.pending")}
                    </td>
                    <td className="px-4 py-2 text-right">
                      {i.state === "pending" && (
                        <button
                          type="button"
                          disabled={revoking}
                          className="text-sm text-red-600 hover:underline disabled:opacity-50"
                          onClick={() =>
                            startRevoke(async () => setRevokeResult(await revokeInvite({ id: i.id })))
                          }
                        >
                          {t("invites.revoke")}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

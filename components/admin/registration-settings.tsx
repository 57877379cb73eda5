"use client";
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

const MODES: { value: Mode; label: string; help: string }[] = [
  { value: "open", label: "Open", help: "Anyone who can reach this server can create an account." },
  {
    value: "invite",
    label: "Invite-only",
    help: "An account needs an invite link created below (single use, expiring).",
  },
  {
    value: "closed",
    label: "Closed",
    help: "Nobody can create an account; existing accounts still sign in.",
  },
];

const MODE_NAME: Record<Mode, string> = { open: "open", invite: "invite-only", closed: "closed" };

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
          <h2 className="text-lg font-medium">Who can register</h2>
          <p className="text-sm text-zinc-500" data-testid="registration-effective">
            Right now registration is <strong>{MODE_NAME[status.mode]}</strong>.
            {status.envCap && status.envCap !== "open"
              ? ` ALLOW_REGISTRATION=${status.envCap} is set on the server: registration is never more open than ${MODE_NAME[status.envCap]}, whatever you choose here.`
              : ""}
          </p>
        </header>
        <fieldset className="space-y-2">
          <legend className="sr-only">Registration mode</legend>
          {MODES.map((m) => (
            <label key={m.value} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="mode"
                value={m.value}
                defaultChecked={status.adminMode === m.value}
                data-testid={`registration-mode-${m.value}`}
                className="mt-1 accent-accent-600"
              />
              <span>
                <span className="font-medium">{m.label}</span>
                <span className="block text-zinc-500">{m.help}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <SubmitRow
          label="Save"
          busyLabel="Saving…"
          pending={modeForm.pending}
          result={modeForm.result}
          testId="save-registration-mode"
        />
      </form>

      <form action={inviteForm.formAction} className={cardClass} data-testid="invite-form" noValidate>
        <header>
          <h2 className="text-lg font-medium">Invites</h2>
          <p className="text-sm text-zinc-500">
            An invite link lets one person create an account while registration is invite-only. The link is
            shown once; only a hash of it is stored.
          </p>
        </header>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Note (optional, e.g. who it is for)"
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
              Expires after
            </label>
            <select
              id="f-expiresInDays"
              name="expiresInDays"
              defaultValue="7"
              className={inputClass}
              data-testid="invite-expiry"
            >
              <option value="1">1 day</option>
              <option value="7">7 days</option>
              <option value="30">30 days</option>
            </select>
          </div>
        </div>
        <SubmitRow
          label="Create invite link"
          busyLabel="Creating…"
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
              aria-label="Invite link"
            />
            <button
              type="button"
              className={secondaryButton}
              onClick={() => void navigator.clipboard?.writeText(link)}
            >
              Copy link
            </button>
          </div>
        )}
      </form>

      <section className="space-y-2">
        <FormStatus result={revokeResult} />
        {invites.length === 0 ? (
          <p className="text-sm text-zinc-500">No invites yet.</p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
            <table className="w-full text-left text-sm" data-testid="invites-table">
              <thead className="bg-zinc-50 text-xs uppercase text-zinc-500 dark:bg-zinc-900">
                <tr>
                  <th className="px-4 py-2 font-medium">Note</th>
                  <th className="px-4 py-2 font-medium">Created</th>
                  <th className="px-4 py-2 font-medium">Expires</th>
                  <th className="px-4 py-2 font-medium">Status</th>
                  <th className="px-4 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {invites.map((i) => (
                  <tr key={i.id} data-testid="invite-row" data-state={i.state}>
                    <td className="px-4 py-2">{i.note || "—"}</td>
                    <td className="px-4 py-2 text-zinc-500">
                      {new Date(i.createdAt).toLocaleDateString()} by {i.createdBy}
                    </td>
                    <td className="px-4 py-2 text-zinc-500">{new Date(i.expiresAt).toLocaleString()}</td>
                    <td className="px-4 py-2">
                      {i.state === "used"
                        ? `Used by ${i.usedBy}`
                        : i.state === "expired"
                          ? "Expired"
                          : "Pending"}
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
                          Revoke
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

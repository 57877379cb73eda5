import type { Metadata } from "next";
import { RegistrationSettings } from "@/components/admin/registration-settings";
import { registrationStatus } from "@/lib/auth/registration";
import { listInvites } from "@/lib/db/registration";
import { createInviteAction, revokeInviteAction, setRegistrationModeAction } from "./actions";

export const metadata: Metadata = { title: "Registration" };

export default async function RegistrationPage() {
  const [status, invites] = await Promise.all([registrationStatus(), listInvites()]);
  const now = Date.now();
  return (
    <>
      <header>
        <h1 className="text-2xl font-semibold" data-testid="registration-title">
          Registration
        </h1>
        <p className="text-sm text-zinc-500">Who can create an account on this server.</p>
      </header>
      <RegistrationSettings
        status={status}
        invites={invites.map((i) => ({
          id: i.id,
          note: i.note,
          createdBy: i.createdBy.email,
          createdAt: i.createdAt.toISOString(),
          expiresAt: i.expiresAt.toISOString(),
          usedBy: i.usedBy?.email ?? (i.usedAt ? "(deleted account)" : null),
          state: i.usedAt ? "used" : i.expiresAt.getTime() <= now ? "expired" : "pending",
        }))}
        setMode={setRegistrationModeAction}
        createInvite={createInviteAction}
        revokeInvite={revokeInviteAction}
      />
    </>
  );
}

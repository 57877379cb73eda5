import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthForm } from "@/components/auth/auth-form";
import { oauthProviderList } from "@/lib/auth/providers";
import {
  INVITE_INVALID_MESSAGE,
  INVITE_REQUIRED_MESSAGE,
  inviteCodeUsable,
  REGISTRATION_CLOSED_MESSAGE,
  registrationStatus,
} from "@/lib/auth/registration";
import { currentUser } from "@/lib/auth/session";
import { registerAction } from "../actions";

export const metadata: Metadata = { title: "Create account" };

function Refusal({ message }: { message: string }) {
  return (
    <>
      <h1 className="mb-3 text-lg font-semibold">Create your account</h1>
      <p
        role="alert"
        data-testid="registration-refused"
        className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950/50 dark:text-amber-200"
      >
        {message}
      </p>
      <p className="mt-5 text-center text-sm text-zinc-600 dark:text-zinc-400">
        Already have an account?{" "}
        <Link href="/signin" className="font-medium text-accent-600 hover:underline dark:text-accent-500">
          Sign in
        </Link>
      </p>
    </>
  );
}

export default async function RegisterPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  if (await currentUser()) redirect("/chat");
  const status = await registrationStatus();
  const raw = (await searchParams).invite;
  const invite = typeof raw === "string" ? raw.trim().slice(0, 200) : "";
  if (status.mode === "closed") return <Refusal message={REGISTRATION_CLOSED_MESSAGE} />;
  if (status.mode === "invite") {
    if (!invite) return <Refusal message={INVITE_REQUIRED_MESSAGE} />;
    if (!(await inviteCodeUsable(invite))) return <Refusal message={INVITE_INVALID_MESSAGE} />;
  }
  return (
    <>
      <h1 className="mb-1 text-lg font-semibold">Create your account</h1>
      <p className="mb-5 text-sm text-zinc-500">
        {status.bootstrap
          ? "The first account on a new installation becomes its administrator."
          : status.mode === "invite"
            ? "You were invited to this server. The invite works for one account."
            : "Create an account on this server."}
      </p>
      <AuthForm
        mode="register"
        action={registerAction}
        oauth={status.mode === "open" ? oauthProviderList() : []}
        invite={status.mode === "invite" ? invite : undefined}
      />
    </>
  );
}

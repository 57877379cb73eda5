import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthForm } from "@/components/auth/auth-form";
import { oauthProviderList } from "@/lib/auth/providers";
import { currentUser } from "@/lib/auth/session";
import { registerAction } from "../actions";

export const metadata: Metadata = { title: "Create account" };

export default async function RegisterPage() {
  if (await currentUser()) redirect("/chat");
  return (
    <>
      <h1 className="mb-1 text-lg font-semibold">Create your account</h1>
      <p className="mb-5 text-sm text-zinc-500">
        The first account on a new installation becomes its administrator.
      </p>
      <AuthForm mode="register" action={registerAction} oauth={oauthProviderList()} />
    </>
  );
}

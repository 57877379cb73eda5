import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthForm } from "@/components/auth/auth-form";
import { oauthProviderList } from "@/lib/auth/providers";
import { currentUser } from "@/lib/auth/session";
import { signInAction } from "../actions";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage() {
  if (await currentUser()) redirect("/chat");
  return (
    <>
      <h1 className="mb-5 text-lg font-semibold">Sign in</h1>
      <AuthForm mode="signin" action={signInAction} oauth={oauthProviderList()} />
    </>
  );
}

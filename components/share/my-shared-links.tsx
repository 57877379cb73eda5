"use client";
import { useCallback, useEffect, useState } from "react";
import { ShareList } from "@/components/chat/share-dialog";

type Shares = Parameters<typeof ShareList>[0]["shares"];

/** Settings → Shared links: every link of the user's, with the conversation it opens; revocable. */
export function MySharedLinks() {
  const [shares, setShares] = useState<Shares | null>(null);
  const load = useCallback(async () => {
    const res = await fetch("/api/shares", { cache: "no-store" });
    if (res.ok) setShares(((await res.json()) as { shares: Shares }).shares);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  if (!shares) return null;
  return <ShareList shares={shares} onChanged={load} withTitles />;
}

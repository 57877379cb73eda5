"use client";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { dangerButton } from "@/components/ui/styles";
import type { ActionResult } from "@/lib/action-result";

/** Deletes a stored endpoint after a confirmation that says how many agents use it. */
export function DeleteEndpointButton({
  id,
  name,
  agentCount,
  remove,
}: {
  id: string;
  name: string;
  agentCount: number;
  remove: (input: { id: string }) => Promise<ActionResult>;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const onClick = () => {
    const uses = agentCount
      ? ` ${agentCount} ${agentCount === 1 ? "agent uses" : "agents use"} it and will stop working until they get another model.`
      : "";
    if (!window.confirm(`Delete the endpoint ${name}?${uses}`)) return;
    start(async () => {
      const r = await remove({ id });
      if (r.ok) router.push("/admin/endpoints");
      else setError(r.error.message);
    });
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className={dangerButton}
        onClick={onClick}
        disabled={pending}
        data-testid="delete-endpoint"
      >
        {pending ? "Deleting…" : "Delete endpoint"}
      </button>
      {error && (
        <span role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </span>
      )}
    </div>
  );
}

"use client";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { FormStatus } from "@/components/ui/form-status";
import { dangerButton, secondaryButton } from "@/components/ui/styles";
import type { ActionResult } from "@/lib/action-result";

/** Connects to the server and lists its tools again; the page shows the stored outcome. */
export function RefreshMcpServerButton({
  id,
  refresh,
}: {
  id: string;
  refresh: (input: { id: string }) => Promise<ActionResult<{ status: string; tools: number }>>;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [result, setResult] = useState<ActionResult<unknown> | null>(null);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className={secondaryButton}
        disabled={pending}
        data-testid="mcp-refresh"
        onClick={() =>
          start(async () => {
            setResult(await refresh({ id }));
            router.refresh();
          })
        }
      >
        {pending ? "Connecting…" : "Refresh tools"}
      </button>
      <FormStatus result={result} />
    </div>
  );
}

/** Deletes a stored MCP server after a confirmation. */
export function DeleteMcpServerButton({
  id,
  name,
  remove,
}: {
  id: string;
  name: string;
  remove: (input: { id: string }) => Promise<ActionResult>;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const onClick = () => {
    if (
      !window.confirm(`Delete the MCP server ${name}? Agents that use its tools will be told they are gone.`)
    )
      return;
    start(async () => {
      const r = await remove({ id });
      if (r.ok) router.push("/admin/tools");
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
        data-testid="delete-mcp-server"
      >
        {pending ? "Deleting…" : "Delete server"}
      </button>
      {error && (
        <span role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </span>
      )}
    </div>
  );
}

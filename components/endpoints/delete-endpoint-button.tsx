"use client";
import { DeleteButton } from "@/components/ui/delete-button";
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
  return (
    <DeleteButton
      label="Delete endpoint"
      title={`Delete the endpoint ${name}?`}
      consequence={
        agentCount
          ? `${agentCount} ${agentCount === 1 ? "agent uses" : "agents use"} it and will stop working until they get another model.`
          : "No agent uses it."
      }
      afterHref="/admin/endpoints"
      onDelete={() => remove({ id })}
      testId="delete-endpoint"
    />
  );
}

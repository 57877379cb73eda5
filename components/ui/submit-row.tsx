import type { ActionResult } from "@/lib/action-result";
import { FormStatus } from "./form-status";
import { primaryButton } from "./styles";

/** A form's submit button (busy while its action runs) with the action's outcome beside it. */
export function SubmitRow({
  label,
  busyLabel,
  pending,
  result,
  testId,
}: {
  label: string;
  busyLabel: string;
  pending: boolean;
  result: ActionResult<unknown> | null;
  testId: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="submit" disabled={pending} className={primaryButton} data-testid={testId}>
        {pending ? busyLabel : label}
      </button>
      <FormStatus result={result} />
    </div>
  );
}

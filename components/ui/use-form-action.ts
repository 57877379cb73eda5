"use client";
import { useActionState } from "react";
import type { ActionResult } from "@/lib/action-result";

export interface FormActionState<T> {
  result: ActionResult<T> | null;
  /** What was submitted, to show again when nothing was saved (React resets a form after its action). */
  values?: Record<string, string>;
}

function submitted(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string" && !k.startsWith("$")) out[k] = v;
  return out;
}

/** `useActionState` for a `<form action>` whose server action answers an ActionResult. */
export function useFormAction<T>(action: (form: FormData) => Promise<ActionResult<T>>) {
  const [state, formAction, pending] = useActionState(
    async (_prev: FormActionState<T>, form: FormData): Promise<FormActionState<T>> => {
      const result = await action(form);
      return { result, values: result.ok ? undefined : submitted(form) };
    },
    { result: null },
  );
  const fields = state.result && !state.result.ok ? (state.result.error.fields ?? {}) : {};
  return { ...state, fields, formAction, pending };
}

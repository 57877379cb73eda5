"use server";
import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { type ActionResult, failed, runAction, succeeded } from "@/lib/action-result";
import { changedFields, recordAdminAction, secretNames, secretState } from "@/lib/audit/record";
import { endpointSnapshot } from "@/lib/audit/snapshots";
import { requireAdminPage } from "@/lib/auth/session";
import { findUsersByEmails } from "@/lib/db/agents-users";
import { createEndpoint, deleteEndpoint, getAdminEndpoint, updateEndpoint } from "@/lib/endpoints/admin";
import { fetchEndpointModels } from "@/lib/endpoints/fetch-models";
import { isAppError, text } from "@/lib/errors";
import { issueText } from "@/lib/http/zod-fields";
import { isProviderError, SecretError } from "@/lib/providers";
import { endpointFormSchema, parseEndpointForm } from "./form-schema";

// Every action checks the admin itself (404 for anyone else, as for admin pages), validates its
// input with zod and writes nothing when anything is wrong. Keys never travel back to the browser.

const NOTHING_SAVED = text("bad_request.nothing_saved");

export async function saveEndpointAction(raw: unknown): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const admin = await requireAdminPage();
    const id = typeof (raw as { id?: unknown })?.id === "string" ? (raw as { id: string }).id : undefined;
    const stored = id ? await getAdminEndpoint({ id }) : null;
    const parsed = parseEndpointForm(raw, stored?.headerNames ?? []);
    if (!parsed.ok) return failed("bad_request:endpoint", NOTHING_SAVED, parsed.fields);
    const f = parsed.data;
    const users = await findUsersByEmails({ emails: f.allowedEmails });
    const missing = f.allowedEmails.filter((e) => !users.some((u) => u.email.toLowerCase() === e));
    if (missing.length) {
      return failed("bad_request:endpoint", NOTHING_SAVED, {
        allowedEmails: text("bad_request.agent_share_unknown", { emails: missing }),
      });
    }
    const input = {
      name: f.name,
      protocol: f.protocol,
      baseURL: f.baseURL,
      apiKey: f.apiKey,
      headers: f.headers,
      models: f.models,
      restricted: f.restricted,
      allowUserKeys: f.allowUserKeys,
      allowedUserIds: users.map((u) => u.id),
    };
    const saved = id ? await updateEndpoint({ id, input }) : await createEndpoint({ input });
    const after = await getAdminEndpoint({ id: saved.id });
    await recordAdminAction({
      actor: admin,
      kind: "endpoint",
      target: saved.name,
      changes: changedFields(
        stored && endpointSnapshot(stored),
        endpointSnapshot(after, {
          apiKey: secretState(Boolean(stored?.keyHint), f.apiKey).after,
          headers: secretNames(stored?.headerNames ?? [], f.headers),
        }),
      ),
    });
    revalidatePath("/admin/endpoints");
    return succeeded(
      { id: saved.id },
      (await getTranslations("endpoints.notices"))("saved", { name: saved.name }),
    );
  }, raw);
}

const fetchInput = endpointFormSchema.pick({
  id: true,
  name: true,
  protocol: true,
  baseURL: true,
  apiKey: true,
  removeKey: true,
  headers: true,
});

/** Asks the endpoint in the form (saved or not) for its models, from the server. */
export async function fetchModelsAction(raw: unknown): Promise<ActionResult<{ models: string[] }>> {
  return runAction(async () => {
    await requireAdminPage();
    const r = fetchInput.safeParse(raw);
    if (!r.success) {
      const issue = r.error.issues[0];
      return failed(
        "bad_request:endpoint",
        text("bad_request.check_field", {
          field: String(issue?.path[0] ?? ""),
          problem: issueText(issue),
        }),
      );
    }
    const f = r.data;
    const headers: Record<string, string | null> = {};
    for (const h of f.headers) if (h.name) headers[h.name] = h.value || null;
    let models: string[];
    try {
      models = await fetchEndpointModels({
        id: f.id,
        draft: {
          // Named in provider errors the admin reads.
          name: f.name || (await getTranslations("endpoints.notices"))("unnamed"),
          protocol: f.protocol,
          baseURL: f.baseURL || null,
          apiKey: f.removeKey ? "" : f.apiKey || undefined,
          headers,
        },
      });
    } catch (err) {
      if (isProviderError(err) || isAppError(err) || err instanceof SecretError) throw err;
      console.error("fetch models failed", err instanceof Error ? err.name : typeof err);
      return failed("provider:models");
    }
    if (models.length === 0) return failed("not_found:models");
    return succeeded({ models });
  }, raw);
}

export async function deleteEndpointAction(raw: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const admin = await requireAdminPage();
    const r = z.object({ id: z.string().min(1).max(100) }).safeParse(raw);
    if (!r.success) return failed("bad_request:endpoint", text("generic.bad_request"));
    const stored = await getAdminEndpoint({ id: r.data.id });
    await deleteEndpoint({ id: r.data.id });
    await recordAdminAction({
      actor: admin,
      kind: "endpoint",
      target: stored.name,
      changes: changedFields(endpointSnapshot(stored), null),
    });
    revalidatePath("/admin/endpoints");
    return succeeded(null);
  }, raw);
}

import { requireUser } from "@/lib/auth/session";
import { updateAgent } from "@/lib/builder/agents";
import { deleteAgent, getAgent } from "@/lib/db/agents";
import { route } from "@/lib/http/route";

/** GET /api/agents/:id → { agent } (owner, shared user, or anyone when public) */
export const GET = route<{ id: string }>({}, async ({ params }) => {
  const user = await requireUser();
  return Response.json({ agent: await getAgent({ id: params.id, userId: user.id }) });
});

/** PUT /api/agents/:id with the full form → { agent } as a new version (owner only) */
export const PUT = route<{ id: string }>({ json: true }, async ({ params, body }) => {
  const user = await requireUser();
  const agent = await updateAgent({ id: params.id, userId: user.id, input: body });
  return Response.json({ agent });
});

/** DELETE /api/agents/:id → { removedFrom: [{ id, name }], others } (owner only) */
export const DELETE = route<{ id: string }>({}, async ({ params }) => {
  const user = await requireUser();
  return Response.json(await deleteAgent({ id: params.id, userId: user.id }));
});

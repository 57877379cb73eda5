import { requireUser } from "@/lib/auth/session";
import { createAgent } from "@/lib/builder/agents";
import { listAgents } from "@/lib/db/agents";
import { route } from "@/lib/http/route";

// JSON API for scripting; the same validation and typed errors as the builder's server actions.

/** GET /api/agents?search= → { mine, shared, public } */
export const GET = route({}, async ({ search }) => {
  const user = await requireUser();
  return Response.json(await listAgents({ userId: user.id, search: search.get("search") ?? undefined }));
});

/** POST /api/agents with the agent form's fields → 201 { agent } */
export const POST = route({ json: true }, async ({ body }) => {
  const user = await requireUser();
  const agent = await createAgent({ userId: user.id, input: body });
  return Response.json({ agent }, { status: 201 });
});

import { requireUser } from "@/lib/auth/session";
import { createAgent } from "@/lib/builder/agents";
import { listAgents } from "@/lib/db/agents";
import { errorResponse } from "@/lib/errors";
import { readJson } from "./read-json";

// JSON API for scripting; the same validation and typed errors as the builder's server actions.

/** GET /api/agents?search= → { mine, shared, public } */
export async function GET(req: Request) {
  try {
    const user = await requireUser();
    const search = new URL(req.url).searchParams.get("search") ?? undefined;
    return Response.json(await listAgents({ userId: user.id, search }));
  } catch (err) {
    return errorResponse(err);
  }
}

/** POST /api/agents with the agent form's fields → 201 { agent } */
export async function POST(req: Request) {
  try {
    const user = await requireUser();
    const agent = await createAgent({ userId: user.id, input: await readJson(req) });
    return Response.json({ agent }, { status: 201 });
  } catch (err) {
    return errorResponse(err);
  }
}

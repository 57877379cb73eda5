import { requireUser } from "@/lib/auth/session";
import { updateAgent } from "@/lib/builder/agents";
import { deleteAgent, getAgent } from "@/lib/db/agents";
import { errorResponse } from "@/lib/errors";
import { readJson } from "../read-json";

type Ctx = { params: Promise<{ id: string }> };

/** GET /api/agents/:id → { agent } (owner, shared user, or anyone when public) */
export async function GET(_req: Request, { params }: Ctx) {
  try {
    const user = await requireUser();
    return Response.json({ agent: await getAgent({ id: (await params).id, userId: user.id }) });
  } catch (err) {
    return errorResponse(err);
  }
}

/** PUT /api/agents/:id with the full form → { agent } as a new version (owner only) */
export async function PUT(req: Request, { params }: Ctx) {
  try {
    const user = await requireUser();
    const agent = await updateAgent({ id: (await params).id, userId: user.id, input: await readJson(req) });
    return Response.json({ agent });
  } catch (err) {
    return errorResponse(err);
  }
}

/** DELETE /api/agents/:id → { removedFrom: [{ id, name }], others } (owner only) */
export async function DELETE(_req: Request, { params }: Ctx) {
  try {
    const user = await requireUser();
    return Response.json(await deleteAgent({ id: (await params).id, userId: user.id }));
  } catch (err) {
    return errorResponse(err);
  }
}

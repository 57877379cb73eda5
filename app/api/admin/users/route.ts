import { requireAdmin } from "@/lib/auth/session";
import { listUsers } from "@/lib/db/users";
import { errorResponse } from "@/lib/errors";

// JSON view of the users list for scripting; 404 for anyone but an admin.
export async function GET() {
  try {
    await requireAdmin();
    return Response.json({ users: await listUsers() });
  } catch (err) {
    return errorResponse(err);
  }
}

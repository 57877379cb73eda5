import { requireAdmin } from "@/lib/auth/session";
import { listUsers } from "@/lib/db/users";
import { route } from "@/lib/http/route";

// JSON view of the users list for scripting; 404 for anyone but an admin.
export const GET = route({}, async () => {
  await requireAdmin();
  return Response.json({ users: await listUsers() });
});

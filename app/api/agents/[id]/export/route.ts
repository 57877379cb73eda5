import { requireUser } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { exportTeam } from "@/lib/teams/export";
import { teamFileText } from "@/lib/teams/yaml";

/** GET /api/agents/:id/export → the agent and its tree as a team file (YAML), for anyone who may view it */
export const GET = route<{ id: string }>({}, async ({ params }) => {
  const user = await requireUser();
  const file = await exportTeam({ userId: user.id, agentId: params.id });
  return new Response(teamFileText(file), {
    headers: {
      "Content-Type": "application/yaml; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.root}.team.yaml"`,
      "Cache-Control": "no-store",
    },
  });
});

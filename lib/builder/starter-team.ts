// A newcomer's starter team: three agents that show the whole flow (a lead that delegates in
// parallel to two specialists, one with a calculator, the other allowed to run in the background; the lead keeps notes with the built-in notes
// MCP server when it is open to the user), on the offline demo model when it is offered, else on the
// first model the user may use. Given once per account, when it is created, in the language of the
// request that created it: the names, descriptions and instructions are the user's data from then on
// (never translated again).
import "server-only";
import { claimStarterTeam } from "@/lib/db/agents-users";
import { listModelChoices } from "@/lib/endpoints/catalog";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { NOTES_SERVER_ID } from "@/lib/mcp";
import { DEMO_ENDPOINT_ID, DEMO_MODEL_ID } from "@/lib/providers";
import { demoT } from "@/lib/providers/demo/i18n";
import { createAgent } from "./agents";
import { listToolChoices } from "./tools";

// The notes tools the lead gets; delete_note asks before running (its annotations say destructive),
// so a newcomer sees a run wait for their approval.
const LEAD_NOTE_TOOLS = /__(?:save_note|list_notes|read_note|delete_note)$/;

async function noteTools(userId: string): Promise<{ tools: string[]; askTools: string[] }> {
  const notes = (await listToolChoices({ userId })).find((g) => g.id === NOTES_SERVER_ID);
  const picked = (notes?.tools ?? []).filter((t) => LEAD_NOTE_TOOLS.test(t.name));
  return {
    tools: picked.map((t) => t.name),
    askTools: picked.filter((t) => t.askByDefault).map((t) => t.name),
  };
}

async function starterModel(userId: string): Promise<{ provider: string; model: string } | null> {
  const choices = await listModelChoices({ userId });
  if (choices.some((c) => c.id === DEMO_ENDPOINT_ID))
    return { provider: DEMO_ENDPOINT_ID, model: DEMO_MODEL_ID };
  const first = choices.find((c) => c.models.length > 0);
  return first ? { provider: first.id, model: first.models[0] } : null;
}

/**
 * Creates the starter team unless this account already got one (or no model is available to build
 * it on); true when this call created it. Concurrent calls create one team. Never throws: an
 * account works without its starter team, so a failure is logged and the account goes on.
 */
export async function grantStarterTeam({
  userId,
  locale = DEFAULT_LOCALE,
}: {
  userId: string;
  /** The account's language at registration (the request's). */
  locale?: Locale;
}): Promise<boolean> {
  try {
    const model = await starterModel(userId);
    if (!model || !(await claimStarterTeam({ userId }))) return false;
    const t = demoT(locale);
    const researcher = await createAgent({
      userId,
      input: {
        ...model,
        name: t("demo.starterTeam.researcher.name"),
        description: t("demo.starterTeam.researcher.description"),
        instructions: t("demo.starterTeam.researcher.instructions"),
        category: "research",
        tools: ["current_time"],
      },
    });
    const mathematician = await createAgent({
      userId,
      input: {
        ...model,
        name: t("demo.starterTeam.mathematician.name"),
        description: t("demo.starterTeam.mathematician.description"),
        instructions: t("demo.starterTeam.mathematician.instructions"),
        category: "data",
        tools: ["calculator"],
      },
    });
    await createAgent({
      userId,
      input: {
        ...model,
        name: t("demo.starterTeam.lead.name"),
        description: t("demo.starterTeam.lead.description"),
        instructions: t("demo.starterTeam.lead.instructions"),
        ...(await noteTools(userId)),
        subagents: {
          enabled: true,
          allowSelf: true,
          selfMode: "isolated",
          children: [
            // The researcher may run in the background: "[background]" in a request shows it (demo).
            { id: researcher.id, mode: "isolated", background: true },
            { id: mathematician.id, mode: "isolated" },
          ],
        },
      },
    });
    return true;
  } catch (err) {
    console.error(
      JSON.stringify({ level: "error", msg: "creating the starter team failed", userId, error: String(err) }),
    );
    return false;
  }
}

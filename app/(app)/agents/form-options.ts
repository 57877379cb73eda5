import "server-only";
import { getTranslations } from "next-intl/server";
import type { FormOptions } from "@/components/agents/types";
import { currentLimits } from "@/lib/builder/limits";
import { listToolChoices } from "@/lib/builder/tools";
import { listUsableAgents } from "@/lib/db/agents";
import { listModelChoices } from "@/lib/endpoints/catalog";
import { requestLocale } from "@/lib/i18n/request-locale";

/** Everything the agent form offers to pick from, for this user. */
export async function formOptions(userId: string): Promise<FormOptions> {
  const [models, agents, limits, toolGroups, locale, t] = await Promise.all([
    listModelChoices({ userId }),
    listUsableAgents({ userId }),
    currentLimits(userId),
    listToolChoices({ userId }),
    requestLocale(),
    getTranslations("endpoints"),
  ]);
  // By name in the reader's language (the subagent picker and the handoff targets list them so).
  const collator = new Intl.Collator(locale, { sensitivity: "base", numeric: true });
  agents.sort((a, b) => collator.compare(a.name, b.name));
  return {
    models: models.map(({ id, name, protocol, models: list }) => ({
      id,
      name: protocol === "demo" ? t("demoLabel") : name,
      models: list,
    })),
    agents: agents.map(({ id, name, description, ownerName, isOwner, tools }) => ({
      id,
      name,
      description,
      ownerName,
      isOwner,
      tools,
    })),
    toolGroups,
    maxSubagentsPerAgent: limits.maxSubagentsPerAgent,
  };
}

import { useTranslations } from "next-intl";

type Delegation = { subagentsEnabled: boolean; allowSelf: boolean; childCount: number };

/**
 * How an agent delegates, in a few words: "2 subagents + self-spawn", "self-spawn", "No subagents"
 * (in the active language). A hook: server components without `async` and client components alike.
 */
export function useSubagentLabel(): (agent: Delegation) => string {
  const t = useTranslations("agents.card.subagents");
  return (agent) => {
    if (!agent.subagentsEnabled) return t("none");
    const count = agent.childCount;
    // An agent with only self-spawn does delegate: "0 subagents" would say it doesn't.
    if (!agent.allowSelf) return t("children", { count });
    return count > 0 ? t("childrenAndSelf", { count }) : t("selfOnly");
  };
}

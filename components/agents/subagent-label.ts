/** How an agent delegates, in a few words: "2 subagents + self-spawn", "self-spawn", "No subagents". */
export function subagentLabel(agent: { subagentsEnabled: boolean; allowSelf: boolean; childCount: number }) {
  if (!agent.subagentsEnabled) return "No subagents";
  const children = `${agent.childCount} subagent${agent.childCount === 1 ? "" : "s"}`;
  // An agent with only self-spawn does delegate: "0 subagents" would say it doesn't.
  if (!agent.allowSelf) return children;
  return agent.childCount > 0 ? `${children} + self-spawn` : "self-spawn";
}

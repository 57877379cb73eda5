import type { RunEvent } from "../events";
import type { AgentRun } from "../run";
import type { AgentDefinition, RunAgent, SubagentSettings } from "../types";

/** A minimal agent definition for tests and benchmarks. */
export function agent(
  id: string,
  subagents?: Partial<SubagentSettings>,
  extra: Partial<AgentDefinition> = {},
): RunAgent {
  return {
    id,
    name: `Agent ${id.toUpperCase()}`,
    description: `Agent ${id} does ${id} things`,
    instructions: `You are agent ${id}.`,
    provider: "openai",
    model: "gpt-test",
    tools: [],
    subagents: subagents ? { enabled: true, ...subagents } : { enabled: false },
    ...extra,
  };
}

/** Drains a run's stream into an array. */
export async function collect(run: AgentRun): Promise<RunEvent[]> {
  const out: RunEvent[] = [];
  for await (const e of run.stream()) out.push(e);
  return out;
}

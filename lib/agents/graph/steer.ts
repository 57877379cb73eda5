import { type BaseMessage, HumanMessage } from "@langchain/core/messages";
import { steerMessageText } from "../steering";
import type { AgentExecution } from "./context";
import { turnKey } from "./journal";

/**
 * The steering messages that go in before a root agent's next model call (none for subagents).
 * Taken from the inbox once and recorded in the journal under that turn, so a resumed run puts
 * them back at the same place (without a second event: the host already has it).
 */
export function steeringBefore(exec: AgentExecution): BaseMessage[] {
  if (exec.depth !== 0) return [];
  const { run } = exec;
  const key = turnKey(exec.spanId, exec.input.agentId, exec.turns);
  const journal = run.journal.data;
  let texts = journal.steered?.[key];
  if (!texts) {
    // A turn replayed from the journal had none.
    if (journal.turns[key] || !run.steering) return [];
    texts = run.steering.take();
    if (!texts.length) return [];
    journal.steered = { ...journal.steered, [key]: texts };
    for (const text of texts)
      run.emit({
        type: "steer",
        spanId: exec.spanId,
        parentSpanId: null,
        depth: 0,
        agentId: exec.input.agentId,
        text,
      });
  }
  return texts.map((text) => new HumanMessage(steerMessageText(text)));
}

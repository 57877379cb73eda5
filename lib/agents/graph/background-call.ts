import { type BackgroundTaskView, startedText, tasksText } from "../background";
import { errorMessage } from "../errors";
import type { AgentExecution } from "./context";
import { findEntry } from "./subagent";

type ToolOut = { text: string; error?: string };

/**
 * A `subagent` call with `run_in_background: true`: the host starts the task and the model gets its
 * handle at once. Refused (as the call's result, so the model can go on) for an entry not marked
 * "may run in the background", without a host, with files, or when the host says no (its limits).
 */
export async function startBackgroundTask(
  exec: AgentExecution,
  call: { id: string; args: Record<string, unknown> },
): Promise<ToolOut> {
  const entry = findEntry(exec, call.args);
  if (!("config" in entry)) return entry;
  const { config, task } = entry;
  const refuse = (error: string) => ({ text: `Error: ${error}`, error });
  if (!config.background)
    return refuse(
      `Subagent "${config.type}" cannot run in the background; call it without run_in_background.`,
    );
  const hooks = exec.run.background;
  if (!hooks)
    return refuse("Background tasks are not available in this run; call it without run_in_background.");
  if (Array.isArray(call.args.files) && call.args.files.length)
    return refuse(
      "A background task gets the task text only; describe the files' content or call it without run_in_background.",
    );
  const { run } = exec;
  run.idle.begin();
  try {
    const started = await hooks.start({
      toolCallId: call.id,
      subagentType: config.type,
      agentId: config.agentInputs.agentId,
      agentName: config.name,
      self: config.self === true,
      task,
      parentAgentId: exec.input.agentId,
      spanId: exec.spanId,
      depth: exec.depth,
    });
    if ("refused" in started) return refuse(started.refused);
    return { text: startedText(started.taskId, config.name, task) };
  } catch (err) {
    if (run.signal.aborted) throw err;
    return refuse(`The background task could not start: ${errorMessage(err)}`);
  } finally {
    run.idle.end();
  }
}

/** `check_tasks`: the host's view of the conversation's background tasks. */
export async function checkTasks(exec: AgentExecution, args: Record<string, unknown>): Promise<ToolOut> {
  const hooks = exec.run.background;
  if (!hooks) {
    const error = "Background tasks are not available in this run";
    return { text: `Error: ${error}`, error };
  }
  const ids = Array.isArray(args.task_ids) ? args.task_ids.map(String).slice(0, 50) : undefined;
  exec.run.idle.begin();
  try {
    const tasks: BackgroundTaskView[] = await hooks.check(ids?.length ? ids : undefined);
    return { text: tasksText(tasks) };
  } catch (err) {
    if (exec.run.signal.aborted) throw err;
    const error = errorMessage(err);
    return { text: `Error: ${error}`, error };
  } finally {
    exec.run.idle.end();
  }
}

import {
  type BackgroundTaskView,
  isFinished,
  startedText,
  tasksText,
  WAIT_DEFAULT_SECONDS,
  WAIT_MAX_SECONDS,
  waitText,
} from "../background";
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

/** Resolves after `ms`, or rejects with the signal's reason when the run is stopped first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** The wait the model asked for, in seconds: a whole number from 1 to WAIT_MAX_SECONDS. */
function waitSeconds(value: unknown): number {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
  if (!Number.isFinite(n) || n <= 0) return WAIT_DEFAULT_SECONDS;
  return Math.min(WAIT_MAX_SECONDS, Math.max(1, Math.round(n)));
}

/**
 * `wait_for_task`: waits until the named task ends (or, without `task_id`, until any of the
 * conversation's unfinished tasks ends), at most `timeout_seconds`, asking the host every
 * `waitPollMs`. A timeout is a result, not an error (the task goes on); Stop ends the wait at once.
 */
export async function waitForTask(exec: AgentExecution, args: Record<string, unknown>): Promise<ToolOut> {
  const hooks = exec.run.background;
  const fail = (error: string) => ({ text: `Error: ${error}`, error });
  if (!hooks) return fail("Background tasks are not available in this run");
  const { signal } = exec.run;
  const id = typeof args.task_id === "string" && args.task_id.trim() ? args.task_id.trim() : undefined;
  const seconds = waitSeconds(args.timeout_seconds);
  const deadline = Date.now() + seconds * 1000;
  const pollMs = Math.max(10, hooks.waitPollMs ?? 1000);
  exec.run.idle.begin();
  try {
    const first = await hooks.check(id ? [id] : undefined);
    if (id && !first.length) return fail(`No background task "${id}" in this conversation`);
    const pending = first.filter((t) => !isFinished(t)).map((t) => t.id);
    if (!pending.length)
      return {
        text: id
          ? waitText({ finished: first, running: [] })
          : `No background task is running.\n${tasksText(first)}`,
      };
    for (;;) {
      await pause(Math.min(pollMs, Math.max(0, deadline - Date.now())), signal);
      const now = await hooks.check(pending);
      const finished = now.filter(isFinished);
      const running = now.filter((t) => !isFinished(t));
      if (finished.length) return { text: waitText({ finished, running }) };
      if (Date.now() >= deadline)
        return { text: waitText({ finished: [], running, timedOutAfter: seconds }) };
    }
  } catch (err) {
    if (signal.aborted) throw err;
    return fail(errorMessage(err));
  } finally {
    exec.run.idle.end();
  }
}

// Runs once when a server process starts (Next.js instrumentation hook).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // SIGTERM / SIGINT: stop taking answers, finish or interrupt and save the running ones, exit
  // (installed first: with NEXT_MANUAL_SIG_HANDLE set nothing else ends the process).
  const { installShutdownHandlers } = await import("@/lib/chat/shutdown");
  installShutdownHandlers();
  // A bad setting stops the server here, with every bad variable named, before it serves anything:
  // Next.js logs an error thrown by this hook and serves anyway (a 500 on every route), so exit.
  const { env, EnvError } = await import("@/lib/env");
  let databaseUrl: string | undefined;
  try {
    databaseUrl = env().DATABASE_URL;
  } catch (err) {
    if (!(err instanceof EnvError)) throw err;
    console.error(JSON.stringify({ level: "error", msg: err.message }));
    console.error(`\n${err.message}\nThe server did not start.\n`);
    process.exit(1);
  }
  if (!databaseUrl) return;
  // This process's lease: its first heartbeat interrupts the runs of processes that died (a crash,
  // a kill), and every heartbeat after it does the same for processes that die later.
  const { ensureProcessLease } = await import("@/lib/quota/process-lease");
  await ensureProcessLease().catch((err: unknown) =>
    console.error(
      JSON.stringify({ level: "error", msg: "starting the process lease failed", error: String(err) }),
    ),
  );
  // Runs with no owning process recorded (older rows) are still swept by the quiet-run reaper.
  const { reapStaleRuns } = await import("@/lib/quota");
  const sweep = () =>
    reapStaleRuns().catch((err: unknown) =>
      console.error(JSON.stringify({ level: "error", msg: "reaping stale runs failed", error: String(err) })),
    );
  await sweep();
  setInterval(sweep, 5 * 60 * 1000).unref();
  // Runs paused for approvals nobody gave in time end as expired (TOOL_APPROVAL_EXPIRE_HOURS).
  const { expirePausedRuns } = await import("@/lib/chat/approval-expiry");
  const expire = () =>
    expirePausedRuns().catch((err: unknown) =>
      console.error(
        JSON.stringify({ level: "error", msg: "expiring paused runs failed", error: String(err) }),
      ),
    );
  await expire();
  setInterval(expire, 60 * 1000).unref();
  // Eval cases queued on the job engine (pg-boss, same database) run here, EVAL_CONCURRENCY at a time.
  const { startEvalWorkers } = await import("@/lib/evals/jobs");
  await startEvalWorkers().catch((err: unknown) =>
    console.error(
      JSON.stringify({ level: "error", msg: "starting the eval workers failed", error: String(err) }),
    ),
  );
  // Background subagent tasks (lib/tasks) run here; those of a process that died move to a live one.
  const { startTaskWorkers } = await import("@/lib/tasks/jobs");
  await startTaskWorkers().catch((err: unknown) =>
    console.error(
      JSON.stringify({ level: "error", msg: "starting the task workers failed", error: String(err) }),
    ),
  );
  // Temporary chats past their time are deleted by a job engine schedule (lib/chat/temporary-chats.ts).
  const { startTemporaryChatSweeps } = await import("@/lib/chat/temporary-chats");
  await startTemporaryChatSweeps().catch((err: unknown) =>
    console.error(
      JSON.stringify({
        level: "error",
        msg: "starting the temporary chat sweeps failed",
        error: String(err),
      }),
    ),
  );
  // Generated conversation titles, written after a new conversation's first answer (lib/chat/titles.ts).
  const { startTitleWorkers } = await import("@/lib/chat/titles");
  await startTitleWorkers().catch((err: unknown) =>
    console.error(
      JSON.stringify({ level: "error", msg: "starting the title workers failed", error: String(err) }),
    ),
  );
  // Uploads never sent (older than a day) and bytes no attachment uses (a deleted account's).
  const { sweepFiles } = await import("@/lib/files/cleanup");
  const sweepUploads = () =>
    sweepFiles().catch((err: unknown) =>
      console.error(JSON.stringify({ level: "error", msg: "sweeping files failed", error: String(err) })),
    );
  setInterval(sweepUploads, 10 * 60 * 1000).unref();
}

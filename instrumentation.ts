// Runs once when a server process starts (Next.js instrumentation hook).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // A bad setting stops the server here, with every bad variable named, before it serves anything.
  const { env } = await import("@/lib/env");
  if (!env().DATABASE_URL) return;
  // Runs left RUNNING by a process that died would count against users' concurrency limits:
  // sweep them now and every few minutes (only runs with no model call for a while are touched).
  const { reapStaleRuns } = await import("@/lib/quota");
  const sweep = () =>
    reapStaleRuns().catch((err: unknown) =>
      console.error(JSON.stringify({ level: "error", msg: "reaping stale runs failed", error: String(err) })),
    );
  await sweep();
  setInterval(sweep, 5 * 60 * 1000).unref();
}

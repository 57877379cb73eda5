// A Redis server of a test's own (its own port, nothing on disk), for tests that restart or kill
// it: the machine's Redis on 6379 is never touched.
import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";

const BIN = process.env.TEST_REDIS_BIN ?? "redis-server";

export interface PrivateRedis {
  url: string;
  port: number;
  /** Kills the server at once (SIGKILL): its data is gone, as after a crash without persistence. */
  kill(): Promise<void>;
  start(): Promise<void>;
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (d) => {
      socket.destroy();
      resolve(d.toString().startsWith("+PONG"));
    });
    socket.once("error", () => resolve(false));
  });
}

export async function startPrivateRedis({ port }: { port: number }): Promise<PrivateRedis> {
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(BIN, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    for (let i = 0; i < 100; i++) {
      if (await ping(port)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis-server did not start on port ${port}`);
  };
  const kill = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once("exit", r));
    c.kill("SIGKILL");
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, kill, start };
}

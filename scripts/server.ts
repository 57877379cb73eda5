// The app's HTTP server (run by scripts/start.ts instead of `next start` / `next dev`). It exists
// for one reason: Next.js gives route handlers and server actions no way to read the TCP peer
// address, and the X-Forwarded-For Next fills in is kept when a client sends its own. So every
// incoming request first loses any PEER_ADDRESS_HEADER a client sent and gets the socket's
// remote address in it; lib/auth/client-address.ts reads it (see the README's security section).
import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import { markPeerAddressStamping, stampPeerAddress } from "../lib/auth/client-address";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME || undefined;

const app = next({ dev, dir: path.resolve(import.meta.dirname, ".."), port, hostname });
const handle = app.getRequestHandler();
await app.prepare();
markPeerAddressStamping();

const server = createServer((req, res) => {
  stampPeerAddress(req);
  void handle(req, res);
});
if (dev) {
  const upgrade = app.getUpgradeHandler();
  server.on("upgrade", (req, socket, head) => {
    stampPeerAddress(req);
    void upgrade(req, socket, head);
  });
}
server.listen(port, hostname, () => {
  console.log(`✓ Ready on port ${port}${dev ? " (development)" : ""}`);
});

// Shutdown as `next start` does it: stop accepting connections, let pending requests finish, close
// Next, exit with the signal's code. NEXT_MANUAL_SIG_HANDLE=1 leaves signals to the app, as in Next.
let stopping = false;
function stop(signal: "SIGINT" | "SIGTERM") {
  if (stopping) return;
  stopping = true;
  void (async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      if (dev) server.closeAllConnections();
    });
    await app.close().catch((err: unknown) => console.error(err));
    process.exit(signal === "SIGINT" ? 130 : 143);
  })();
}
if (!process.env.NEXT_MANUAL_SIG_HANDLE) {
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

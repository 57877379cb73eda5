// A TCP proxy in front of PostgreSQL that counts the SQL statements its clients send: every
// simple-protocol Query ('Q') and every extended-protocol Execute ('E') message is one statement
// (pg sends parameterised queries as Parse/Bind/Describe/Execute/Sync). Only the client → server
// direction is parsed, by message headers; bytes pass through unchanged both ways.
import net from "node:net";

export interface CountingProxy {
  port: number;
  /** Statements sent through the proxy so far. */
  statements(): number;
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

export function startCountingProxy({ host, port }: { host: string; port: number }): Promise<CountingProxy> {
  let statements = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(port, host);
    sockets.add(client);
    sockets.add(upstream);
    let started = false;
    let pending: Buffer = Buffer.alloc(0);
    client.on("data", (chunk: Buffer) => {
      upstream.write(chunk);
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        if (!started) {
          // Startup (or SSL/GSS request): length, then a protocol code; no type byte.
          if (pending.length < 8) break;
          const len = pending.readInt32BE(0);
          if (pending.length < len) break;
          const code = pending.readInt32BE(4);
          if (code !== SSL_REQUEST && code !== GSSENC_REQUEST) started = true;
          pending = pending.subarray(len);
          continue;
        }
        if (pending.length < 5) break;
        const len = pending.readInt32BE(1);
        if (pending.length < len + 1) break;
        const type = pending[0];
        if (type === 0x51 /* Q */ || type === 0x45 /* E */) statements++;
        pending = pending.subarray(len + 1);
      }
    });
    upstream.on("data", (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", end);
    upstream.on("close", end);
    client.on("error", end);
    upstream.on("error", end);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      resolve({
        port: (server.address() as net.AddressInfo).port,
        statements: () => statements,
        close: () =>
          new Promise<void>((r) => {
            for (const s of sockets) s.destroy();
            server.close(() => r());
          }),
      });
    });
  });
}

// A real OpenID Provider on loopback for the sign-in tests: `oidc-provider`, the certified Node
// implementation, with its development login and consent pages (any login name and password are
// accepted; the login name is the account). Also a provider that accepts connections and never
// answers, for the timeout test.
import { createServer, type Server } from "node:http";
import { createServer as createTcpServer, type Socket } from "node:net";
import Provider from "oidc-provider";

export const OIDC_CLIENT = { id: "delegate-e2e", secret: "delegate-e2e-client-secret-0123456789" };

/**
 * The claims of a login name: "name@domain" signs in with that email, any other name as
 * <name>@idp.test. The subject is stable per login name, so signing in again is the same account.
 */
export function claimsOf(login: string) {
  const email = login.includes("@") ? login.toLowerCase() : `${login.toLowerCase()}@idp.test`;
  const local = email.split("@")[0];
  return {
    sub: `sub-${email}`,
    email,
    email_verified: true,
    name: local.charAt(0).toUpperCase() + local.slice(1),
  };
}

export interface RunningIdp {
  issuer: string;
  close(): Promise<void>;
}

function listen(server: Server | ReturnType<typeof createTcpServer>, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
}

/** oidc-provider at http://127.0.0.1:<port>, with one client whose callback is `redirectUri`. */
export async function startOidcProvider({
  port,
  redirectUri,
}: {
  port: number;
  redirectUri: string;
}): Promise<RunningIdp> {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    cookies: { keys: ["oidc-e2e-cookie-key-not-secret"] },
    async findAccount(_ctx, sub) {
      const claims = claimsOf(sub);
      return { accountId: sub, claims: async () => claims };
    },
  });
  // A refused token request is the IdP's to explain: print why, for a failing test's log.
  provider.on("grant.error", (_ctx, err) =>
    console.error(
      `[idp] token request refused: ${err.message} ${String((err as { error_description?: string }).error_description ?? "")}`,
    ),
  );
  const server = createServer(provider.callback());
  await listen(server, port);
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A server at the same kind of address that accepts every connection and never answers. */
export async function startSilentProvider({ port }: { port: number }): Promise<RunningIdp> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
  });
  await listen(server, port);
  return {
    issuer: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

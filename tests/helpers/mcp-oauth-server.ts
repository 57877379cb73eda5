// A local OAuth 2.1 authorization server in front of a local MCP server, built from the MCP SDK's
// server-side auth helpers (mcpAuthRouter: metadata, dynamic registration, authorize, token,
// revoke; requireBearerAuth on the MCP endpoint, with protected-resource metadata). Its consent
// page asks who is signing in (the "account" at this service), so two app users can hold tokens
// for two different accounts. Access tokens live `accessTokenSeconds`; tests read what it saw.
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { OAuthRegisteredClientsStore } from "@modelcontextprotocol/sdk/server/auth/clients.js";
import { InvalidGrantError, InvalidTokenError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { requireBearerAuth } from "@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js";
import type {
  AuthorizationParams,
  OAuthServerProvider,
} from "@modelcontextprotocol/sdk/server/auth/provider.js";
import {
  getOAuthProtectedResourceMetadataUrl,
  mcpAuthRouter,
} from "@modelcontextprotocol/sdk/server/auth/router.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type {
  OAuthClientInformationFull,
  OAuthTokenRevocationRequest,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import express, { type Response } from "express";

export interface OAuthCall {
  tool: string;
  /** The account whose token the request carried. */
  account: string;
  token: string;
}

export interface OAuthTestServer {
  /** The MCP endpoint (protected). */
  url: string;
  origin: string;
  calls: OAuthCall[];
  /** Token requests by grant type, in order. */
  grants: string[];
  registrations: number;
  revoked: string[];
  /** Requests to the MCP endpoint refused for a missing, expired or revoked token. */
  refused: number;
  /** Every access token issued (to check none reached a log or page). */
  issuedTokens(): string[];
  /** Ends every token of this account at once (as a user revoking the app at the service would). */
  revokeAccount(account: string): void;
  stop(): Promise<void>;
}

interface Grant {
  clientId: string;
  account: string;
  resource?: URL;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

export async function startOAuthTestServer({
  accessTokenSeconds = 3600,
}: {
  accessTokenSeconds?: number;
} = {}): Promise<OAuthTestServer> {
  const clients = new Map<string, OAuthClientInformationFull>();
  const pendingConsents = new Map<
    string,
    { client: OAuthClientInformationFull; params: AuthorizationParams }
  >();
  const codes = new Map<string, Grant & { challenge: string; redirectUri: string }>();
  const accessTokens = new Map<string, Grant & { expiresAt: number }>();
  const refreshTokens = new Map<string, Grant>();
  const calls: OAuthCall[] = [];
  const grants: string[] = [];
  const revoked: string[] = [];
  const issued: string[] = [];
  let registrations = 0;
  let refused = 0;

  const clientsStore: OAuthRegisteredClientsStore = {
    getClient: (id) => clients.get(id),
    registerClient: (client) => {
      registrations++;
      const full = { ...client, client_id: randomUUID(), client_id_issued_at: Math.floor(Date.now() / 1000) };
      clients.set(full.client_id, full as OAuthClientInformationFull);
      return full as OAuthClientInformationFull;
    },
  };

  function issue(grant: Grant): OAuthTokens {
    const access = `at-${randomUUID()}`;
    const refresh = `rt-${randomUUID()}`;
    accessTokens.set(access, { ...grant, expiresAt: Date.now() + accessTokenSeconds * 1000 });
    refreshTokens.set(refresh, grant);
    issued.push(access, refresh);
    return {
      access_token: access,
      token_type: "Bearer",
      expires_in: accessTokenSeconds,
      refresh_token: refresh,
    };
  }

  const provider: OAuthServerProvider = {
    clientsStore,
    async authorize(client, params, res: Response) {
      const id = randomUUID();
      pendingConsents.set(id, { client, params });
      res
        .status(200)
        .type("html")
        .send(`<!doctype html><html lang="en"><head><title>Test service: sign in</title></head><body>
<main><h1>Allow ${escapeHtml(client.client_name ?? "this app")} to use your test service account?</h1>
<form method="post" action="/consent"><input type="hidden" name="consent" value="${id}">
<label for="account">Account</label> <input id="account" name="account" required>
<button type="submit">Allow</button></form></main></body></html>`);
    },
    async challengeForAuthorizationCode(_client, code) {
      const c = codes.get(code);
      if (!c) throw new InvalidGrantError("unknown code");
      return c.challenge;
    },
    async exchangeAuthorizationCode(client, code, _verifier, redirectUri) {
      grants.push("authorization_code");
      const c = codes.get(code);
      codes.delete(code);
      if (!c || c.clientId !== client.client_id || (redirectUri && redirectUri !== c.redirectUri)) {
        throw new InvalidGrantError("bad code");
      }
      return issue(c);
    },
    async exchangeRefreshToken(client, refreshToken) {
      grants.push("refresh_token");
      const g = refreshTokens.get(refreshToken);
      if (!g || g.clientId !== client.client_id)
        throw new InvalidGrantError("refresh token revoked or unknown");
      refreshTokens.delete(refreshToken);
      return issue(g);
    },
    async verifyAccessToken(token): Promise<AuthInfo> {
      const t = accessTokens.get(token);
      if (!t) throw new InvalidTokenError("unknown or revoked token");
      return {
        token,
        clientId: t.clientId,
        scopes: [],
        // Rounded up: the SDK's bearer check compares seconds, and rounding down would end it early.
        expiresAt: Math.ceil(t.expiresAt / 1000),
        extra: { account: t.account },
        ...(t.resource ? { resource: t.resource } : {}),
      };
    },
    async revokeToken(_client, request: OAuthTokenRevocationRequest) {
      revoked.push(request.token);
      accessTokens.delete(request.token);
      refreshTokens.delete(request.token);
    },
  };

  const app = express();
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const mcpUrl = new URL(`${origin}/mcp`);

  app.use(
    mcpAuthRouter({
      provider,
      issuerUrl: new URL(origin),
      resourceServerUrl: mcpUrl,
      authorizationOptions: { rateLimit: false },
      clientRegistrationOptions: { rateLimit: false },
      revocationOptions: { rateLimit: false },
      tokenOptions: { rateLimit: false },
    }),
  );
  app.post("/consent", express.urlencoded({ extended: false }), (req, res) => {
    const pending = pendingConsents.get(String(req.body?.consent ?? ""));
    const account = String(req.body?.account ?? "").trim();
    if (!pending || !account) {
      res.status(400).send("bad consent");
      return;
    }
    pendingConsents.delete(String(req.body.consent));
    const code = randomUUID();
    codes.set(code, {
      clientId: pending.client.client_id,
      account,
      challenge: pending.params.codeChallenge,
      redirectUri: pending.params.redirectUri,
      ...(pending.params.resource ? { resource: pending.params.resource } : {}),
    });
    const target = new URL(pending.params.redirectUri);
    target.searchParams.set("code", code);
    if (pending.params.state) target.searchParams.set("state", pending.params.state);
    res.redirect(302, target.href);
  });

  const bearer = requireBearerAuth({
    verifier: provider,
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl),
  });
  app.all(
    "/mcp",
    (_req, res, next) => {
      res.once("finish", () => {
        if (res.statusCode === 401) refused++;
      });
      next();
    },
    bearer,
    express.json(),
    async (req, res) => {
      // Stateless: a server per request, as the SDK's stateless example does.
      const mcp = new McpServer({ name: "oauth-test", version: "1.0.0" });
      mcp.registerTool(
        "whoami",
        {
          description: "Says which account of the test service the caller is signed in as.",
          annotations: { readOnlyHint: true },
        },
        (extra) => {
          const account = String(extra.authInfo?.extra?.account ?? "nobody");
          calls.push({ tool: "whoami", account, token: extra.authInfo?.token ?? "" });
          return { content: [{ type: "text", text: `Signed in as ${account}` }] };
        },
      );
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on("close", () => {
        void transport.close();
        void mcp.close();
      });
      await mcp.connect(transport);
      await transport.handleRequest(req, res, req.body);
    },
  );

  return {
    url: mcpUrl.href,
    origin,
    calls,
    grants,
    get registrations() {
      return registrations;
    },
    revoked,
    get refused() {
      return refused;
    },
    issuedTokens: () => [...issued],
    revokeAccount(account) {
      for (const [k, v] of accessTokens) if (v.account === account) accessTokens.delete(k);
      for (const [k, v] of refreshTokens) if (v.account === account) refreshTokens.delete(k);
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Plays the browser through the consent: opens the authorization URL, signs in as `account`, and
 * returns the app callback URL the service redirects to (with code and state).
 */
export async function consent(authorizationUrl: string, account: string): Promise<URL> {
  const page = await fetch(authorizationUrl);
  const html = await page.text();
  const id = /name="consent" value="([^"]+)"/.exec(html)?.[1];
  if (!page.ok || !id) throw new Error(`no consent page: ${page.status} ${html.slice(0, 200)}`);
  const res = await fetch(new URL("/consent", authorizationUrl), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ consent: id, account }),
    redirect: "manual",
  });
  const location = res.headers.get("location");
  if (res.status !== 302 || !location) throw new Error(`consent not accepted: ${res.status}`);
  return new URL(location);
}

/**
 * The MCP SDK's OAuthClientProvider backed by the database, for one user and one per-user OAuth
 * server. The SDK does the protocol (protected-resource metadata, authorization server discovery,
 * dynamic client registration, PKCE, code exchange, refresh); this keeps what it hands over: the
 * server's client registration (shared by its users), and this user's tokens and in-flight PKCE
 * verifier, all encrypted at rest and bound to server (and user).
 */
import { randomBytes } from "node:crypto";
import { type OAuthClientProvider, UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import {
  clearMcpOAuthTokens,
  getMcpOAuthClient,
  getMcpOAuthConnection,
  saveMcpOAuthClient,
  saveMcpOAuthPending,
  saveMcpOAuthTokens,
} from "@/lib/db/mcp-oauth";
import { encryptionEnv } from "@/lib/env";
import { decryptSecret, encryptSecret, SecretError } from "@/lib/providers/secrets";

export const OAUTH_CALLBACK_PATH = "/api/mcp/oauth/callback";

const seal = (value: unknown, context: string) =>
  encryptSecret(JSON.stringify(value), { env: encryptionEnv(), context });

/** A stored ciphertext, or undefined when it no longer decrypts (the app's key changed: connect again). */
function open<T>(payload: string | null | undefined, context: string): T | undefined {
  if (!payload) return undefined;
  try {
    return JSON.parse(decryptSecret(payload, { env: encryptionEnv(), context })) as T;
  } catch (err) {
    if (err instanceof SecretError) return undefined;
    throw err;
  }
}

const clientContext = (serverId: string) => `mcp:${serverId}:oauth-client`;
const userContext = (serverId: string, userId: string, what: "tokens" | "verifier") =>
  `mcp-oauth:${serverId}:${userId}:${what}`;

export interface DbOAuthProviderOptions {
  serverId: string;
  userId: string;
  /** The app's callback address (`<origin>/api/mcp/oauth/callback`). */
  redirectUrl: string;
  /** The verifier of the authorization being finished (the callback found it by its state). */
  verifier?: string;
  /**
   * The user is at the browser, connecting: an authorization may begin. In a run (false) it may
   * not: a missing or ended authorization fails the call with "connect first", writing nothing.
   */
  interactive: boolean;
}

export class DbOAuthProvider implements OAuthClientProvider {
  /** Set when the SDK wants the user sent to the authorization server. */
  authorizationUrl?: URL;
  private pendingState?: string;

  constructor(private readonly options: DbOAuthProviderOptions) {}

  get redirectUrl(): string {
    return this.options.redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "Delegate",
      redirect_uris: [this.options.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      // A confidential client when the server registers one with a secret; public (PKCE only) otherwise.
      token_endpoint_auth_method: "client_secret_post",
    };
  }

  state(): string {
    if (!this.options.interactive) throw new UnauthorizedError("not connected");
    this.pendingState = randomBytes(32).toString("base64url");
    return this.pendingState;
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const { serverId } = this.options;
    const info = open<OAuthClientInformationMixed>(
      await getMcpOAuthClient({ serverId }),
      clientContext(serverId),
    );
    // Registered while the app had another address: a consent could not come back here, so a new
    // connect registers again (a run only refreshes, which needs no redirect).
    const uris = info && "redirect_uris" in info ? info.redirect_uris : undefined;
    if (this.options.interactive && uris && !uris.includes(this.options.redirectUrl)) return undefined;
    return info;
  }

  async saveClientInformation(info: OAuthClientInformationMixed): Promise<void> {
    const { serverId } = this.options;
    // In a run only an update of the existing registration (the SDK adds its issuer), never a new one.
    if (!this.options.interactive && !(await getMcpOAuthClient({ serverId }))) {
      throw new UnauthorizedError("not connected");
    }
    await saveMcpOAuthClient({ serverId, clientEncrypted: seal(info, clientContext(serverId)) });
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    const { serverId, userId } = this.options;
    const row = await getMcpOAuthConnection({ serverId, userId });
    return open(row?.tokensEncrypted, userContext(serverId, userId, "tokens"));
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    const { serverId, userId } = this.options;
    await saveMcpOAuthTokens({
      serverId,
      userId,
      tokensEncrypted: seal(tokens, userContext(serverId, userId, "tokens")),
      firstConnect: this.options.verifier !== undefined,
    });
  }

  /** Never sends anyone anywhere: the caller (Connect) reads `authorizationUrl` and redirects. */
  redirectToAuthorization(authorizationUrl: URL): void {
    this.authorizationUrl = authorizationUrl;
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    const { serverId, userId } = this.options;
    // The SDK asks for the state before the verifier, in the same authorization.
    if (!this.pendingState) throw new Error("no state for this authorization");
    await saveMcpOAuthPending({
      serverId,
      userId,
      state: this.pendingState,
      verifierEncrypted: seal(codeVerifier, userContext(serverId, userId, "verifier")),
    });
  }

  codeVerifier(): string {
    if (!this.options.verifier) throw new Error("no authorization in flight");
    return this.options.verifier;
  }

  /** The server said these credentials are no longer valid (e.g. the refresh token was revoked). */
  async invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): Promise<void> {
    const { serverId, userId } = this.options;
    if (scope === "all" || scope === "tokens") await clearMcpOAuthTokens({ serverId, userId });
    if (scope === "all" || scope === "client") await saveMcpOAuthClient({ serverId, clientEncrypted: null });
  }
}

/** A stored verifier, decrypted (undefined when it no longer decrypts). */
export function openVerifier(serverId: string, userId: string, payload: string | null): string | undefined {
  return open<string>(payload, userContext(serverId, userId, "verifier"));
}

// The app's configuration: every environment variable the server reads, validated in one place
// (see .env.example for what each one does). Nothing else in app code reads `process.env`; scripts
// that start the app may still set variables for it.
import "server-only";
import { z } from "zod";
import { parseAddressPolicy } from "./mcp/address-policy";

// An empty value (`KEY=` in an env file) means "not set".
const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const text = z.preprocess(blank, z.string().trim().optional());
const lower = (v: unknown) => (typeof v === "string" ? v.trim().toLowerCase() : v);

/** Provider variables, handed as one record to the code that turns them into endpoints. */
const PROVIDER_KEYS = [
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "OPENAI_MODELS",
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_BASE_URL",
  "ANTHROPIC_MODELS",
  "GOOGLE_API_KEY",
  "GOOGLE_BASE_URL",
  "GOOGLE_MODELS",
  "OPENROUTER_API_KEY",
  "OPENROUTER_BASE_URL",
  "OPENROUTER_MODELS",
  "OLLAMA_BASE_URL",
  "OLLAMA_MODELS",
] as const;

/**
 * Settings that were removed, with what replaced them: set, they are refused (the server does not
 * start) so an old setting is never silently ignored.
 */
const REMOVED_SETTINGS: Record<string, string> = {
  TRUST_PROXY: "TRUSTED_PROXY_HOPS (the number of proxies in front; 0 = none)",
  FILE_MAX_MB: "the admin's file limits (Admin → Files: largest file)",
  FILE_MAX_PER_MESSAGE: "the admin's file limits (Admin → Files: files per message)",
  FILE_STORAGE_QUOTA_MB: "the admin's file limits (Admin → Files: storage per user)",
};

/** An http(s) URL whose host is this machine (traffic to it never leaves it). */
function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

const schema = z.object({
  /** Set by Vitest; test-only hooks refuse to work without it. */
  VITEST: text,

  DATABASE_URL: text,
  DATABASE_POOL_MAX: z.preprocess(blank, z.coerce.number().int().min(1).max(1000).default(10)),
  /** "1" when `npm start` runs the embedded single-process database. */
  EMBEDDED_DATABASE: z.preprocess(blank, z.enum(["0", "1"]).default("0")),

  /**
   * Set: several app processes share live runs through this Redis (event streams, Stop); unset:
   * the single-process mode. May hold a password: never logged.
   */
  REDIS_URL: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .regex(/^rediss?:\/\//, "REDIS_URL must start with redis:// or rediss://")
      .optional(),
  ),

  /** How long a run's final save keeps retrying (with backoff) while the database is unreachable. */
  RUN_FINAL_SAVE_RETRY_SECONDS: z.preprocess(blank, z.coerce.number().min(0).max(86_400).default(300)),
  /** Eval cases each app process runs at once (lib/evals/jobs.ts); 0 = this process runs none. */
  EVAL_CONCURRENCY: z.preprocess(blank, z.coerce.number().int().min(0).max(64).default(2)),
  /**
   * Background tasks each app process runs at once (lib/tasks/jobs.ts: that many pg-boss workers;
   * each task mostly waits on its model); the rest wait queued. 0 = this process runs none.
   */
  TASK_CONCURRENCY: z.preprocess(blank, z.coerce.number().int().min(0).max(256).default(8)),
  /** How often an idle eval worker looks for jobs (seconds). */
  EVAL_POLL_SECONDS: z.preprocess(blank, z.coerce.number().min(0.5).max(600).default(2)),
  /** How often each app process refreshes its lease row (ProcessLease.heartbeatAt). */
  RUN_LEASE_HEARTBEAT_SECONDS: z.preprocess(blank, z.coerce.number().min(0.1).max(300).default(3)),
  /** A lease older than this means its process is gone: its runs are marked INTERRUPTED. */
  RUN_LEASE_STALE_SECONDS: z.preprocess(blank, z.coerce.number().min(0.5).max(3600).default(12)),
  /** On SIGTERM/SIGINT, how long running answers may finish before they are interrupted and saved. */
  RUN_SHUTDOWN_GRACE_SECONDS: z.preprocess(blank, z.coerce.number().min(0).max(3600).default(10)),

  AUTH_SECRET: text,
  APP_ENCRYPTION_KEY: text,
  /**
   * The mail server "forgot password" links are sent through: smtp://user:pass@host:587 or
   * smtps://… (nodemailer's URL form). Unset: no mail is sent; an admin makes the link instead.
   */
  SMTP_URL: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .pipe(
        z.url({
          protocol: /^smtps?$/,
          error: "an smtp:// or smtps:// address, e.g. smtp://user:pass@mail.example.com:587",
        }),
      )
      .optional(),
  ),
  /** The sender of the app's mail. */
  MAIL_FROM: z.preprocess(blank, z.string().trim().max(200).default("Delegate <no-reply@localhost>")),
  AUTH_GITHUB_ID: text,
  AUTH_GITHUB_SECRET: text,
  AUTH_GOOGLE_ID: text,
  AUTH_GOOGLE_SECRET: text,
  /**
   * The address users open the app at (https://chat.example.com). Sign-in providers send users
   * back to `<AUTH_URL>/api/auth/callback/<provider>`; required when a provider is configured.
   */
  AUTH_URL: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .pipe(z.url({ protocol: /^https?$/, error: "the app's public address, e.g. https://chat.example.com" }))
      .refine((u) => /^https?:\/\/[^/?#]+\/?$/.test(u), "only the origin, e.g. https://chat.example.com")
      // Next.js rewrites 127.0.0.1 and [::1] in request URLs to "localhost", so Auth.js would
      // build its callback address with localhost and it would not match this one.
      .refine(
        (u) => !/^https?:\/\/(127\.\d+\.\d+\.\d+|\[::1\])(:|\/|$)/.test(u),
        "write this machine as localhost (Next.js turns 127.0.0.1 and [::1] into localhost)",
      )
      .optional(),
  ),
  /** Milliseconds each request to a sign-in provider (discovery, token, user info) may take. */
  AUTH_PROVIDER_TIMEOUT_MS: z.preprocess(
    blank,
    z.coerce.number().int().min(100).max(120_000).default(10_000),
  ),
  AUTH_OIDC_ISSUER: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .pipe(
        z.url({ protocol: /^https?$/, error: "the issuer URL, e.g. https://sso.example.com/realms/main" }),
      )
      .refine(
        (u) => u.startsWith("https://") || isLoopbackUrl(u),
        "must be https:// (plain http only for an issuer on this machine: localhost, 127.0.0.1, [::1])",
      )
      .optional(),
  ),
  AUTH_OIDC_ID: text,
  AUTH_OIDC_SECRET: text,
  AUTH_OIDC_NAME: text,
  /**
   * Reverse proxies in front of the app that append to X-Forwarded-For. 0 = clients connect
   * directly: the socket address is the client address and forwarding headers are ignored.
   */
  TRUSTED_PROXY_HOPS: z.preprocess(blank, z.coerce.number().int().min(0).max(20).default(0)),
  /**
   * Caps the registration mode the admin chooses: open (no cap), invite (at most invite-only)
   * or closed. Unset = the admin's setting alone decides.
   */
  ALLOW_REGISTRATION: z.preprocess((v) => lower(blank(v)), z.enum(["open", "invite", "closed"]).optional()),

  ...(Object.fromEntries(PROVIDER_KEYS.map((k) => [k, text])) as Record<
    (typeof PROVIDER_KEYS)[number],
    typeof text
  >),
  DEMO_ENDPOINT: z.preprocess((v) => lower(blank(v)), z.enum(["auto", "on", "off"]).default("auto")),
  /** Agents API (/v1) access for users an admin has not switched on or off. */
  API_ACCESS_DEFAULT: z.preprocess((v) => lower(blank(v)), z.enum(["on", "off"]).default("on")),
  /** Milliseconds per streamed demo token; unset = the demo model's readable pace. */
  DEMO_TOKEN_DELAY_MS: z.preprocess(blank, z.coerce.number().min(0).max(10_000).optional()),

  QUOTA_STALE_RUN_MINUTES: z.preprocess(blank, z.coerce.number().positive().default(15)),

  /** Kinds of file users may attach: any of text, pdf, image (comma-separated). */
  FILE_ALLOWED_TYPES: z.preprocess(
    (v) => lower(blank(v)),
    z
      .string()
      .default("text,pdf,image")
      .transform((s) =>
        s
          .split(",")
          .map((t) => t.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(["text", "pdf", "image"]))),
  ),

  /** The port the app listens on; the bundled notes MCP server is reached through it. */
  PORT: z.preprocess(blank, z.coerce.number().int().min(1).max(65_535).default(3000)),
  /** stdio MCP servers run a program on this machine: only when the operator says so. */
  MCP_ALLOW_STDIO: z.preprocess((v) => lower(blank(v)), z.enum(["true", "false"]).default("false")),
  MCP_TOOL_TIMEOUT_MS: z.preprocess(blank, z.coerce.number().int().positive().default(60_000)),
  MCP_CONNECT_TIMEOUT_MS: z.preprocess(blank, z.coerce.number().int().positive().default(10_000)),
  MCP_MAX_RESULT_CHARS: z.preprocess(blank, z.coerce.number().int().positive().default(20_000)),
  MCP_NOTES_URL: z.preprocess(blank, z.string().trim().url().optional()),
  /**
   * Addresses admins' HTTP MCP servers may have beyond public ones: "loopback", "private", CIDRs,
   * host names (comma-separated). Link-local and metadata addresses are never allowed.
   */
  MCP_ALLOWED_NETWORKS: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .superRefine((v, ctx) => {
        try {
          parseAddressPolicy(v);
        } catch (err) {
          ctx.addIssue({ code: "custom", message: (err as Error).message });
        }
      })
      .optional(),
  ),
  /** A run waiting for approvals of tool calls ends as expired after this many hours without a decision. */
  TOOL_APPROVAL_EXPIRE_HOURS: z.preprocess(blank, z.coerce.number().positive().max(8760).default(24)),

  /**
   * OTLP/HTTP collector (e.g. http://otel-collector:4318): set = every run is exported as a trace
   * to `<endpoint>/v1/traces`; unset = tracing is off and costs nothing. Headers for the collector
   * (OTEL_EXPORTER_OTLP_HEADERS) are read by the exporter itself.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .pipe(z.url({ protocol: /^https?$/, error: "an http(s) URL, e.g. http://otel-collector:4318" }))
      .optional(),
  ),
  OTEL_SERVICE_NAME: z.preprocess(blank, z.string().trim().default("delegate-chat")),
  /** Bearer token of GET /api/metrics (Prometheus); unset = the endpoint answers 404 and nothing is counted. */
  METRICS_TOKEN: z.preprocess(
    blank,
    z.string().trim().min(16, { error: "at least 16 characters (it guards /api/metrics)" }).optional(),
  ),
});

/** Whether any sign-in provider (GitHub, Google, OpenID Connect) has its variables set. */
export function signInProviderConfigured(e: Partial<Record<string, unknown>>): boolean {
  return Boolean(
    (e.AUTH_GITHUB_ID && e.AUTH_GITHUB_SECRET) ||
      (e.AUTH_GOOGLE_ID && e.AUTH_GOOGLE_SECRET) ||
      (e.AUTH_OIDC_ISSUER && e.AUTH_OIDC_ID && e.AUTH_OIDC_SECRET),
  );
}

// Without AUTH_URL, Auth.js builds the callback address from the request URL, which behind the
// app's own server is always http://localhost:PORT: the provider would send users there.
const schemaWithRules = schema.superRefine((e, ctx) => {
  // A mailed link must point at the public address, never at a request's Host header (which
  // whoever asks for the link could choose).
  if (e.SMTP_URL && !e.AUTH_URL) {
    ctx.addIssue({
      code: "custom",
      path: ["AUTH_URL"],
      message: "required with SMTP_URL: mailed links point at it, e.g. https://chat.example.com",
    });
  }
  if (signInProviderConfigured(e) && !e.AUTH_URL) {
    ctx.addIssue({
      code: "custom",
      path: ["AUTH_URL"],
      message:
        "required when a sign-in provider is configured: the address users open the app at, e.g. https://chat.example.com",
    });
  }
});

export type Env = z.infer<typeof schema>;
export type ProviderEnv = Record<(typeof PROVIDER_KEYS)[number] | "DEMO_ENDPOINT", string | undefined>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join("; ")}. See .env.example.`);
    this.name = "EnvError";
  }
}

const KEYS = [...Object.keys(schema.shape), ...Object.keys(REMOVED_SETTINGS)];
let memo: { key: string; value: Env } | undefined;
const fixedEnvironment = process.env.NODE_ENV === "production" && !process.env.VITEST;

/**
 * The validated configuration. In a production server it is parsed once; elsewhere a test or a
 * script that changes a variable is seen at once: the values are compared with those of the last
 * parse and parsed again only when one changed (a full parse costs 20–50 µs, and the chat path
 * asks many times per answer).
 * `instrumentation.ts` calls it at start-up so a bad value stops the server before it serves
 * anything. Throws EnvError naming every bad variable. The result is shared: don't mutate it.
 */
export function env(source: Record<string, string | undefined> = process.env): Env {
  // A production server's environment is fixed once it runs (nothing in the app sets variables):
  // the first parse holds. Reading ~70 variables from process.env alone costs ~10 µs.
  if (memo && source === process.env && fixedEnvironment) return memo.value;
  let key = "";
  for (const k of KEYS) key += `${source[k] ?? "\u0000"}\u0001`;
  if (memo?.key === key) return memo.value;
  const parsed = schemaWithRules.safeParse(source);
  const stale = Object.entries(REMOVED_SETTINGS)
    .filter(([name]) => blank(source[name]) !== undefined)
    .map(([name, replacement]) => `${name}: removed; use ${replacement} instead`);
  if (!parsed.success || stale.length) {
    const issues = parsed.success ? [] : parsed.error.issues;
    throw new EnvError([...stale, ...issues.map((i) => `${i.path.join(".")}: ${i.message}`)]);
  }
  memo = { key, value: Object.freeze(parsed.data) as Env };
  return memo.value;
}

/** The variables that define ready-made model endpoints (and whether the demo one is offered). */
export function providerEnv(current: Env = env()): ProviderEnv {
  const out = { DEMO_ENDPOINT: current.DEMO_ENDPOINT } as ProviderEnv;
  for (const k of PROVIDER_KEYS) out[k] = current[k];
  return out;
}

/** The variables the encryption key of stored secrets is derived from (see lib/providers/secrets.ts). */
export function encryptionEnv(
  current: Env = env(),
): Record<"APP_ENCRYPTION_KEY" | "AUTH_SECRET", string | undefined> {
  return { APP_ENCRYPTION_KEY: current.APP_ENCRYPTION_KEY, AUTH_SECRET: current.AUTH_SECRET };
}

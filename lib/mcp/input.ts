/**
 * What an admin submits for an MCP server, validated in one place (the admin form and its server
 * action will use this schema too). Secret maps (headers, env) are write-only: `undefined` keeps
 * every stored value, `{}` removes them all, and a `null` value keeps the stored value of that name
 * (the form never receives values).
 */
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { zodFieldErrors } from "@/lib/http/zod-fields";

// Headers the transport itself sets; letting a config override them would break the protocol.
const RESERVED_HEADERS = new Set([
  "accept",
  "content-type",
  "content-length",
  "host",
  "mcp-session-id",
  "mcp-protocol-version",
  "last-event-id",
]);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const secretMap = (max: number) =>
  z.record(z.string().trim(), z.string().max(8192).nullable()).refine((m) => Object.keys(m).length <= max, {
    message: "field.entries_max",
    params: { max },
  });

/** Whether a server is on and who may use it (everyone, or only the listed users when restricted). */
const accessFields = {
  enabled: z.boolean().default(true),
  restricted: z.boolean().default(false),
  allowedUserIds: z.array(z.string().min(1)).max(1000).default([]),
};

export const mcpServerInputSchema = z
  .object({
    name: z.string().trim().min(1, "field.name_missing").max(60, "field.text_long"),
    transport: z.enum(["http", "stdio"]),
    url: z.string().trim().max(2048).nullish(),
    headers: secretMap(30).optional(),
    command: z.string().trim().max(1024).nullish(),
    args: z.array(z.string().max(1024)).max(50).default([]),
    env: secretMap(50).optional(),
    /** "oauth": each user connects their own account (OAuth 2.1, lib/mcp/oauth); HTTP servers only. */
    auth: z.enum(["none", "oauth"]).default("none"),
    ...accessFields,
  })
  .superRefine((v, ctx) => {
    if (v.auth === "oauth" && v.transport !== "http") {
      ctx.addIssue({ code: "custom", path: ["auth"], message: "field.oauth_http_only" });
    }
    if (v.transport === "http") {
      let ok = false;
      try {
        ok = ["http:", "https:"].includes(new URL(v.url ?? "").protocol);
      } catch {}
      if (!ok) ctx.addIssue({ code: "custom", path: ["url"], message: "field.url_http" });
      for (const name of Object.keys(v.headers ?? {})) {
        if (!HEADER_NAME.test(name) || RESERVED_HEADERS.has(name.toLowerCase())) {
          ctx.addIssue({
            code: "custom",
            path: ["headers"],
            message: "field.header_reserved",
            params: { name },
          });
        }
      }
    } else {
      if (!v.command) ctx.addIssue({ code: "custom", path: ["command"], message: "field.command_required" });
      for (const name of Object.keys(v.env ?? {})) {
        if (!ENV_NAME.test(name)) {
          ctx.addIssue({ code: "custom", path: ["env"], message: "field.env_name", params: { name } });
        }
      }
    }
  });

export type McpServerInput = z.input<typeof mcpServerInputSchema>;
export type ParsedMcpServerInput = z.output<typeof mcpServerInputSchema>;

/** The part of a built-in server an admin may change. */
export const mcpAccessInputSchema = z.object(accessFields);
export type McpAccessInput = z.input<typeof mcpAccessInputSchema>;

/** Parses or throws `bad_request:mcp_server` with a message per field. */
export function validated<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  // The messages are catalog keys (errors.field.*), written in the admin's language at the boundary.
  throw new AppError("bad_request:mcp_server", {
    key: "bad_request.fix_fields",
    fields: zodFieldErrors(result.error),
  });
}

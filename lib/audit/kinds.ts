// The kinds of admin action the audit log records, with the label the log shows. One list, used by
// the recorder (lib/audit/record.ts), the filter on /admin/audit and the log's rows.
import { z } from "zod";

export const AUDIT_KINDS = {
  global: "Limits",
  files: "Files",
  override: "Override",
  balance: "Balance",
  user: "Account",
  registration: "Registration",
  invite: "Invite",
  endpoint: "Endpoint",
  mcp_server: "MCP server",
} as const;

export type AuditKind = keyof typeof AUDIT_KINDS;

export const auditKindSchema = z.enum(Object.keys(AUDIT_KINDS) as [AuditKind, ...AuditKind[]]);

export function auditKindLabel(kind: string): string {
  return (AUDIT_KINDS as Record<string, string>)[kind] ?? kind;
}

const KEY_LABELS: Record<string, string> = {
  disabled: "Disabled",
  mode: "Registration mode",
  "invite:create": "Invite created",
  "invite:revoke": "Invite revoked",
  "tools:refresh": "Tools refreshed",
  name: "Name",
  protocol: "Protocol",
  baseURL: "Base URL",
  models: "Models",
  restricted: "Only selected users",
  allowedUsers: "Selected users",
  allowUserKeys: "Users may bring their own key",
  apiKey: "API key",
  headers: "Headers",
  transport: "Transport",
  url: "URL",
  command: "Command",
  args: "Arguments",
  enabled: "Enabled",
  env: "Environment variables",
};

/** The log's name of a changed field (quota keys are labelled by lib/quota/fields). */
export function auditKeyLabel(key: string): string | undefined {
  return KEY_LABELS[key];
}

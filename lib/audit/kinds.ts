// The kinds of admin action the audit log records, as codes. One list, used by the recorder
// (lib/audit/record.ts), the filter on /admin/audit and the log's rows; the log names each kind
// and changed field from the catalog (admin.audit.kinds.*, admin.audit.keys.*).
import { z } from "zod";

export const AUDIT_KINDS = [
  "global",
  "files",
  "override",
  "balance",
  "user",
  "registration",
  "invite",
  "endpoint",
  "mcp_server",
  "price",
] as const;

export type AuditKind = (typeof AUDIT_KINDS)[number];

export const auditKindSchema = z.enum(AUDIT_KINDS);

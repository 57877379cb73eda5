/**
 * MCP (Model Context Protocol) tools for agents. Server-only: this entry point reaches the database;
 * the connection pool and the RegistryTool adapter (./pool, ./registry-tool) do not and also run in
 * plain scripts (bench/mcp.ts).
 */
export {
  createMcpServer,
  deleteMcpServer,
  getMcpServerForAdmin,
  listMcpServersForAdmin,
  refreshMcpServer,
  updateMcpServer,
} from "./admin";
export { BUILTIN_SERVERS, NOTES_SERVER_ID } from "./builtin";
export {
  listMcpToolsForUser,
  type McpToolGroup,
  type MissingMcpTool,
  type ResolvedMcpTools,
  resolveMcpTools,
} from "./catalog";
export { type McpSettings, mcpSettings } from "./config";
export { type McpFailure, McpToolError } from "./errors";
export {
  type McpAccessInput,
  type McpServerInput,
  mcpAccessInputSchema,
  mcpServerInputSchema,
} from "./input";
export { modelToolName, slugOfToolName } from "./names";
export { getMcpPool, McpPool } from "./pool";
export { asksBeforeRunningByDefault, mcpRegistryTool } from "./registry-tool";
export { listServerRecords, mayUse } from "./servers";
export { type McpServerSummary, type McpToolSummary, summaryOf } from "./summary";
export type { McpConnectionStatus, McpServerConfig, McpToolAnnotations, McpToolInfo } from "./types";

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
export { NOTES_SERVER_ID } from "./builtin";
export {
  listMcpToolsForUser,
  type McpToolGroup,
  type MissingMcpTool,
  type ResolvedMcpTools,
  resolveMcpTools,
} from "./catalog";
export { type McpSettings, mcpSettings } from "./config";
export { type McpFailure, McpToolError } from "./errors";
export type { McpAccessInput, McpServerInput } from "./input";
export { getMcpPool, McpPool } from "./pool";
export { mcpRegistryTool } from "./registry-tool";
export type { McpServerSummary, McpToolSummary } from "./summary";
export type { McpConnectionStatus, McpServerConfig, McpToolAnnotations, McpToolInfo } from "./types";

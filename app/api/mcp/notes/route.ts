// The bundled notes MCP server over streamable HTTP (lib/mcp/notes/server.ts). Callers are
// authenticated per call by the signed user in the request's _meta, not by a session cookie.
import { handleNotesRequest } from "@/lib/mcp/notes/server";

export const dynamic = "force-dynamic";

export const POST = (req: Request) => handleNotesRequest(req);
export const GET = (req: Request) => handleNotesRequest(req);
export const DELETE = (req: Request) => handleNotesRequest(req);

/**
 * The bundled notes MCP server: private notes per user in PostgreSQL, served over streamable HTTP
 * by the app itself (app/api/mcp/notes/route.ts), so `npm start`, the tests and every app process
 * have it with nothing to install. Stateless (a fresh server per request): any app process behind a
 * load balancer can answer any call. Every call must carry the end user, signed by the app
 * (lib/mcp/identity.ts); a call without a valid signature gets an error, and every query is scoped
 * to that user, so one user can neither read nor delete another's notes, whatever ids they send.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { countNotes, createNote, deleteNote, getNote, listNotes } from "@/lib/db/mcp-notes";
import { NOTES_SERVER_ID } from "../builtin";
import { verifyUser } from "../identity";
import { MAX_NOTES_PER_USER, NOTE_TOOLS } from "./tools";

const text = (t: string, isError = false): CallToolResult => ({
  content: [{ type: "text", text: t }],
  isError,
});

type Extra = { _meta?: Record<string, unknown> };

/** Runs `fn` for the signed user of the request, or answers with an error. */
function asUser<A>(fn: (userId: string, args: A) => Promise<CallToolResult>) {
  return async (args: A, extra: Extra): Promise<CallToolResult> => {
    const userId = verifyUser(extra._meta, { audience: NOTES_SERVER_ID });
    if (!userId)
      return text("This server only answers the Delegate app, on behalf of a signed-in user.", true);
    return fn(userId, args);
  };
}

export function createNotesServer(): McpServer {
  const server = new McpServer({ name: "delegate-notes", version: "1.0.0" });
  const { save_note, list_notes, read_note, delete_note } = NOTE_TOOLS;

  server.registerTool(
    "save_note",
    { description: save_note.description, inputSchema: save_note.shape, annotations: save_note.annotations },
    asUser(async (userId, { title, content }: { title: string; content: string }) => {
      if ((await countNotes({ userId })) >= MAX_NOTES_PER_USER) {
        return text(`You already have ${MAX_NOTES_PER_USER} notes; delete some first.`, true);
      }
      const note = await createNote({ userId, title, content });
      return text(`Saved note ${note.id}: ${note.title}`);
    }),
  );

  server.registerTool(
    "list_notes",
    {
      description: list_notes.description,
      inputSchema: list_notes.shape,
      annotations: list_notes.annotations,
    },
    asUser(async (userId, { query, limit }: { query?: string; limit?: number }) => {
      const notes = await listNotes({ userId, query: query?.trim() || undefined, limit: limit ?? 50 });
      if (!notes.length) return text(query ? `No notes match "${query}".` : "No notes yet.");
      return text(
        notes.map((n) => `- ${n.id} · ${n.title} (updated ${n.updatedAt.toISOString()})`).join("\n"),
      );
    }),
  );

  server.registerTool(
    "read_note",
    { description: read_note.description, inputSchema: read_note.shape, annotations: read_note.annotations },
    asUser(async (userId, { id }: { id: string }) => {
      const note = await getNote({ userId, id });
      return note
        ? text(`# ${note.title}\n\n${note.content}`)
        : text(`There is no note with id ${id}.`, true);
    }),
  );

  server.registerTool(
    "delete_note",
    {
      description: delete_note.description,
      inputSchema: delete_note.shape,
      annotations: delete_note.annotations,
    },
    asUser(async (userId, { id }: { id: string }) =>
      (await deleteNote({ userId, id }))
        ? text(`Deleted note ${id}.`)
        : text(`There is no note with id ${id}.`, true),
    ),
  );
  return server;
}

const notAllowed = () =>
  Response.json(
    {
      jsonrpc: "2.0",
      error: { code: -32000, message: "Method not allowed: this server is stateless, use POST." },
      id: null,
    },
    { status: 405, headers: { Allow: "POST" } },
  );

/** Answers one HTTP request of the streamable HTTP transport (POST only: no sessions, no event stream). */
export async function handleNotesRequest(req: Request): Promise<Response> {
  if (req.method !== "POST") return notAllowed();
  const server = createNotesServer();
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(req);
  } finally {
    await server.close();
  }
}

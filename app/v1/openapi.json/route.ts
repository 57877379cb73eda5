import { openApiDocument } from "@/lib/api/openapi";

export const dynamic = "force-static";

/**
 * GET /v1/openapi.json — the Agents API's OpenAPI 3.1 description. Public, no key: it describes
 * the code (no user's data, nothing secret), so tools can read it before a key exists. Writes nothing.
 */
export function GET() {
  return Response.json(openApiDocument());
}

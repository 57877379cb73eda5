import { type NextRequest, NextResponse } from "next/server";
import { guardPageAddress, guardServerAction } from "@/lib/http/action-guard";

// Runs before Next.js handles a page request (JSON API routes and the /v1 Agents API do the same
// checks in their wrappers, lib/http/route.ts and lib/api/route.ts): a page address with NUL or
// broken Unicode gets 400; a server action call (a POST to a page) must come from this origin, be
// at most 1 MB and have a readable body with clean text (lib/http/action-guard.ts).
export async function proxy(request: NextRequest) {
  const refused =
    guardPageAddress(request) ??
    (request.method === "POST" ? await guardServerAction(request.clone() as Request) : null);
  return refused ?? NextResponse.next();
}

export const config = {
  matcher: ["/((?!api/|v1/|_next/static|_next/image|favicon.ico).*)"],
};

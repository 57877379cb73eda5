import { type NextRequest, NextResponse } from "next/server";
import { guardServerAction } from "@/lib/http/action-guard";

// Runs before Next.js handles a request. Only server action calls (POSTs to pages) are checked
// here: same origin, at most 1 MB, a readable body with clean text (lib/http/action-guard.ts).
// JSON API routes do the same checks in their wrapper (lib/http/route.ts).
export async function proxy(request: NextRequest) {
  if (request.method !== "POST") return NextResponse.next();
  return (await guardServerAction(request.clone() as Request)) ?? NextResponse.next();
}

export const config = {
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico).*)"],
};

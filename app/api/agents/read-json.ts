import { AppError } from "@/lib/errors";

/** The request's JSON body, or a typed 400. */
export async function readJson(req: Request): Promise<unknown> {
  try {
    return await req.json();
  } catch {
    throw new AppError("bad_request:json", "The request body must be JSON.");
  }
}

// The one wrapper of every JSON API route: request id, same-origin check for writes, the JSON body
// (content type, size, encoding), clean route and search parameters, and typed error responses.
import { AppError } from "@/lib/errors";
import { assertCleanInput } from "./clean-input";
import { errorResponse, requestErrorLocale } from "./error-body";
import { newRequestId, typedFailure } from "./failure";
import { isForeignOrigin } from "./origin";
import { readJsonBody } from "./read-json";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface RouteInput<P> {
  req: Request;
  /** The route's parameters, checked. */
  params: P;
  /** The URL's search parameters, checked. */
  search: URLSearchParams;
  /** The JSON body, checked (only with `{ json: true }`; otherwise undefined). */
  body: unknown;
  requestId: string;
}

type Ctx<P> = { params: Promise<P> };

/**
 * Wraps a route handler. With `json: true` the body must be `application/json` (415), at most
 * 1 MB (413), JSON (400) and clean text (400). A state-changing method from another origin gets
 * 403. Thrown errors become typed JSON responses carrying the request id (`X-Request-Id`).
 */
export function route<P extends Record<string, string> = Record<string, never>>(
  options: { json?: boolean },
  handler: (input: RouteInput<P>) => Promise<Response>,
): (req: Request, ctx?: Ctx<P>) => Promise<Response> {
  return async (req, ctx) => {
    const requestId = newRequestId();
    try {
      if (!SAFE_METHODS.has(req.method) && isForeignOrigin(req.headers)) {
        throw new AppError("forbidden:origin");
      }
      const params = ((await ctx?.params) ?? {}) as P;
      assertCleanInput(params, "address");
      const search = new URL(req.url).searchParams;
      assertCleanInput(search, "address");
      const body = options.json ? await readJsonBody(req) : undefined;
      const res = await handler({ req, params, search, body, requestId });
      res.headers.set("X-Request-Id", requestId);
      return res;
    } catch (err) {
      return errorResponse(
        typedFailure(err, { requestId, where: `${req.method} ${new URL(req.url).pathname}` }),
        { requestId, locale: await requestErrorLocale(req) },
      );
    }
  };
}

// Size limit for request bodies: JSON routes (lib/http/read-json.ts) and server actions (proxy.ts,
// and `serverActions.bodySizeLimit` in next.config.ts, which must say the same).
export const MAX_BODY_BYTES = 1024 * 1024; // 1 MB

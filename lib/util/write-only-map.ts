/**
 * The rule for editing a write-only map of secrets (endpoint headers, MCP server headers and env):
 * forms never receive the stored values, so they send names with either a new value or `null`
 * ("keep what is stored"). `next` undefined keeps the whole stored map; a name left out is removed.
 */
export function mergeWriteOnlyMap(
  stored: Record<string, string>,
  next: Record<string, string | null> | undefined,
): Record<string, string> {
  if (next === undefined) return stored;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(next)) {
    const kept = value ?? stored[name];
    if (kept !== undefined && name) out[name] = kept;
  }
  return out;
}

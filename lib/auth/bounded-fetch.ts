/**
 * The fetch Auth.js uses for every request to a provider (discovery, token, user info), bounded:
 * an identity provider that accepts the connection and never answers would otherwise hold the
 * sign-in for minutes. A timeout ends up on the sign-in page as error=Configuration.
 */
export function boundedFetch(timeoutMs: number): typeof fetch {
  return (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return fetch(input, { ...init, signal });
  };
}

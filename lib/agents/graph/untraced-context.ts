/**
 * LangChain keeps a runnable's config in AsyncLocalStorage for the code it calls, and without a
 * LangSmith tracer it stores it inside a new `RunTree({ tracingEnabled: false })` — for every graph
 * node, channel writer and branch LangGraph runs. That RunTree never traces; building it costs two
 * UUIDs (random bytes), a microsecond date string and a dozen environment reads, about a tenth of a
 * delegating run's CPU. When no tracing is configured, this stores the config in a plain object
 * instead: `getRunnableConfig()` reads only `extra[lc:child_config]`, and LangChain itself stores
 * plain objects there (for context variables). With LANGSMITH_TRACING / LANGCHAIN_TRACING_V2 on, or
 * a tracer among the callbacks, LangChain's own code runs unchanged.
 */
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";

const LC_CHILD_KEY = Symbol.for("lc:child_config");
const CONTEXT_VARIABLES_KEY = Symbol.for("lc:context_variables");
const TRACING_ENV = [
  "LANGSMITH_TRACING_V2",
  "LANGCHAIN_TRACING_V2",
  "LANGSMITH_TRACING",
  "LANGCHAIN_TRACING",
];
const INSTALLED = Symbol.for("delegate-chat:untraced-context");

type Provider = typeof AsyncLocalStorageProviderSingleton;
type RunWithConfig = Provider["runWithConfig"];
type Store = Record<symbol | string, unknown> | undefined;
type Handler = { name?: string } | undefined;

function hasTracer(callbacks: unknown): boolean {
  const handlers = Array.isArray(callbacks) ? callbacks : (callbacks as { handlers?: unknown[] })?.handlers;
  return handlers?.some((h) => (h as Handler)?.name === "langchain_tracer") ?? false;
}

/** Same test as LangChain's `isTracingEnabled()` (the environment), plus tracers passed as callbacks. */
function tracing(config: { callbacks?: unknown } | undefined): boolean {
  return TRACING_ENV.some((v) => process.env[v] === "true") || hasTracer(config?.callbacks);
}

/** Idempotent; the engine installs it when it loads (lib/agents/run.ts). */
export function installUntracedContext(provider: Provider = AsyncLocalStorageProviderSingleton) {
  const p = provider as Provider & { [INSTALLED]?: true };
  if (p[INSTALLED]) return;
  p[INSTALLED] = true;
  const original: RunWithConfig = provider.runWithConfig.bind(provider);
  provider.runWithConfig = ((config, callback, avoidCreatingRootRunTree) => {
    if (avoidCreatingRootRunTree || tracing(config))
      return original(config, callback, avoidCreatingRootRunTree);
    const storage = provider.getInstance();
    const previous = storage.getStore() as Store;
    const store: { extra: Record<symbol, unknown>; [key: symbol]: unknown } = {
      extra: { [LC_CHILD_KEY]: config },
    };
    if (previous?.[CONTEXT_VARIABLES_KEY] !== undefined)
      store[CONTEXT_VARIABLES_KEY] = previous[CONTEXT_VARIABLES_KEY];
    return storage.run(store, callback);
  }) as RunWithConfig;
}

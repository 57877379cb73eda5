/**
 * Model providers: one factory from an agent's provider/model to a LangChain chat model, the
 * endpoints that exist without a database, model lists, key encryption and user-facing errors.
 * No Next.js and no database in here: runs in scripts and tests as is.
 */
export { DEMO_ENDPOINT_ID, DEMO_ENDPOINT_NAME, DEMO_MODEL_ID } from "./demo-constants";
export { demoEndpoint, endpointsFromEnv, withDemoEndpoint } from "./env";
export { isProviderError, type ProviderErrorCode, type ProviderErrorContext } from "./errors";
export { createChatModel, type ResolvedModelTarget } from "./factory";
export { type ListModelsOptions, listModels } from "./models";
export { getReasoningKey, type ReasoningEndpointConfig } from "./reasoning";
export type { ResilienceContext } from "./resilience";
export { decryptSecret, encryptSecret, maskKey, SecretError } from "./secrets";
export type {
  ChatModelSpec,
  EndpointDefinition,
  EndpointSource,
  ModelParameters,
  Protocol,
  ReasoningKey,
  RetryOptions,
} from "./types";

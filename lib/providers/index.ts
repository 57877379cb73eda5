/**
 * Model providers: one factory from an agent's provider/model to a LangChain chat model, the
 * endpoints that exist without a database, model lists, key encryption and user-facing errors.
 * No Next.js and no database in here: runs in scripts and tests as is.
 */
export { ReasoningChatOpenAICompletions, withProviderPolicy } from "./clients";
export { DEMO_NOTE } from "./demo/answers";
export { DEMO_ENDPOINT_ID, DEMO_ENDPOINT_NAME, DEMO_MODEL_ID } from "./demo-constants";
export {
  DemoChatModel,
  type DemoChatModelCallOptions,
  type DemoChatModelFields,
  estimateTokens,
} from "./demo-model";
export {
  isAzureProvider,
  knownEndpointBaseURLs,
  providerEndpointMap,
  resolveProtocol,
} from "./endpoint-map";
export { demoEndpoint, endpointsFromEnv, withDemoEndpoint } from "./env";
export {
  isAbortError,
  isProviderError,
  ProviderError,
  type ProviderErrorCode,
  type ProviderErrorContext,
  toProviderError,
} from "./errors";
export {
  createChatModel,
  normalizeParameters,
  type ResolvedModelTarget,
  resolveModelTarget,
} from "./factory";
export { DEFAULT_BASE_URLS, type ListModelsOptions, listModels } from "./models";
export { extractReasoning, getReasoningKey, type ReasoningEndpointConfig } from "./reasoning";
export { backoffDelay, DEFAULT_RETRY, describeModelNotFound, type ResilienceContext } from "./resilience";
export {
  decryptSecret,
  encryptionKey,
  encryptSecret,
  isEncryptedSecret,
  maskKey,
  SecretError,
} from "./secrets";
export type {
  ChatModelSpec,
  EndpointDefinition,
  EndpointSource,
  ModelParameters,
  Protocol,
  ReasoningKey,
  RetryOptions,
} from "./types";

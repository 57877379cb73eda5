/** Identity of the scripted offline demo model. */
export const DEMO_MODEL_ID = "demo-delegator";
export const DEMO_ENDPOINT_NAME = "Demo (scripted, offline)";
export const DEMO_ENDPOINT_ID = "builtin:demo";

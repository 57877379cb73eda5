import type { ModelFactory } from "@/lib/agents";
import { env } from "@/lib/env";

// Route tests run the real route with a scripted model. Only honoured under Vitest, so a
// production server can never be switched to a fake model.
let override: ModelFactory | undefined;

export function setTestModelFactory(factory: ModelFactory | undefined) {
  if (!env().VITEST) throw new Error("setTestModelFactory is for tests only");
  override = factory;
}

export function testModelFactory(): ModelFactory | undefined {
  return env().VITEST ? override : undefined;
}

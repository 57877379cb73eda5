/**
 * Start the fake OpenAI-compatible server (for Playwright e2e and manual tries without a model):
 *
 *   npx tsx scripts/fake-openai-server.ts [--port 4010] [--host 127.0.0.1] [--api-key KEY] [--models a,b]
 *
 * Add it in the admin UI as an OpenAI-compatible endpoint with base URL http://127.0.0.1:4010/v1.
 * It streams "Hello from fake-model: <last user text>" for every chat request.
 */
import { startFakeOpenAIServer } from "../tests/helpers/fake-openai-server";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const port = Number(arg("port") ?? process.env.FAKE_OPENAI_PORT ?? 4010);
const server = await startFakeOpenAIServer({
  port,
  host: arg("host") ?? "127.0.0.1",
  apiKey: arg("api-key"),
  models: arg("models")
    ?.split(",")
    .map((m) => m.trim()) ?? ["fake-model", "fake-model-mini"],
});
console.log(`Fake OpenAI server listening on ${server.url}`);

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

// The Agents API examples shown on the docs page (/docs/api) and in the README. One home: the
// integration test runs these very texts against the offline demo model, so what a reader copies
// works as it is.

export interface ApiExamples {
  curl: string;
  python: string;
  node: string;
}

/** The examples for a server at `baseUrl` (its origin) and an agent id; the key comes from DELEGATE_API_KEY. */
export function apiExamples({ baseUrl, model }: { baseUrl: string; model: string }): ApiExamples {
  const v1 = `${baseUrl.replace(/\/+$/, "")}/v1`;
  const question = "What is 1234 * 5678?";
  return {
    curl: [
      `curl -N ${v1}/chat/completions \\`,
      `  -H "Authorization: Bearer $DELEGATE_API_KEY" \\`,
      `  -H "Content-Type: application/json" \\`,
      `  -d '{"model": "${model}", "stream": true, "messages": [{"role": "user", "content": "${question}"}]}'`,
    ].join("\n"),
    python: [
      "import os",
      "from openai import OpenAI",
      "",
      `client = OpenAI(base_url="${v1}", api_key=os.environ["DELEGATE_API_KEY"])`,
      "answer = client.chat.completions.create(",
      `    model="${model}",`,
      `    messages=[{"role": "user", "content": "${question}"}],`,
      ")",
      "print(answer.choices[0].message.content)",
    ].join("\n"),
    node: [
      'import OpenAI from "openai";',
      "",
      `const client = new OpenAI({ baseURL: "${v1}", apiKey: process.env.DELEGATE_API_KEY });`,
      "const answer = await client.chat.completions.create({",
      `  model: "${model}",`,
      `  messages: [{ role: "user", content: "${question}" }],`,
      "});",
      "console.log(answer.choices[0].message.content);",
    ].join("\n"),
  };
}

/**
 * JSON Schema validators (Ajv, which the SDK uses) word errors for programmers: "data/entities must be
 * array". The model and the person reading the trace get "entities must be a list" instead: the path
 * without the validator's `data` root, in dots, and the type in plain words.
 */
const TYPE_WORDS: Record<string, string> = {
  array: "a list",
  object: "an object",
  string: "text",
  number: "a number",
  integer: "a whole number",
  boolean: "true or false",
  null: "empty (null)",
};

const fieldOf = (path: string | undefined) => {
  const parts = (path ?? "").split("/").filter(Boolean);
  return parts.length ? parts.join(".") : "the arguments";
};

export function plainSchemaWording(text: string): string {
  return text
    .replace(
      /\bdata((?:\/[\w-]+)*) must be (array|object|string|number|integer|boolean|null)\b/g,
      (_, path, type) => {
        return `${fieldOf(path)} must be ${TYPE_WORDS[type]}`;
      },
    )
    .replace(/\bdata((?:\/[\w-]+)*) must have required property '([^']+)'/g, (_, path, name) => {
      const parent = fieldOf(path);
      return parent === "the arguments" ? `${name} is required` : `${parent}.${name} is required`;
    });
}

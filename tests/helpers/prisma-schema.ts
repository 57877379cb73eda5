// A small reader for prisma/schema.prisma: enough to compare every model field with the
// columns the migrations actually create.
import { readFileSync } from "node:fs";
import path from "node:path";

export interface SchemaColumn {
  table: string;
  column: string;
  prismaType: string;
  nullable: boolean;
  dbType?: string;
}

const SCALAR_SQL: Record<string, string> = {
  String: "text",
  Int: "integer",
  BigInt: "bigint",
  Boolean: "boolean",
  DateTime: "timestamp without time zone",
  Float: "double precision",
  Decimal: "numeric",
  Json: "jsonb",
  Bytes: "bytea",
};

const DB_ATTR_SQL: Record<string, string> = {
  Text: "text",
  VarChar: "character varying",
  Timestamptz: "timestamp with time zone",
  Uuid: "uuid",
  SmallInt: "smallint",
  Real: "real",
};

export function readSchema(file = path.resolve(import.meta.dirname, "../../prisma/schema.prisma")) {
  const text = readFileSync(file, "utf8");
  const enums = new Set([...text.matchAll(/^enum\s+(\w+)\s*\{/gm)].map((m) => m[1]));
  const modelBlocks = [...text.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)];
  const models = new Set(modelBlocks.map((m) => m[1]));
  const columns: SchemaColumn[] = [];
  const tables: string[] = [];
  for (const [, model, body] of modelBlocks) {
    const table = body.match(/@@map\("([^"]+)"\)/)?.[1] ?? model;
    tables.push(table);
    for (const raw of body.split("\n")) {
      const line = raw.replace(/\/\/.*$/, "").trim();
      if (!line || line.startsWith("@@")) continue;
      const [name, type] = line.split(/\s+/);
      if (!name || !type) continue;
      const base = type.replace(/[?[\]]/g, "");
      if (models.has(base)) continue; // relation fields have no column
      const isList = type.endsWith("[]");
      const dbAttr = line.match(/@db\.(\w+)/)?.[1];
      // Unsupported("tsvector"): a column type Prisma has no scalar for, named as the database does.
      const unsupported = base.match(/^Unsupported\("(.+)"\)$/)?.[1];
      columns.push({
        table,
        column: line.match(/@map\("([^"]+)"\)/)?.[1] ?? name,
        prismaType: base,
        // Prisma creates scalar lists without NOT NULL.
        nullable: type.endsWith("?") || isList,
        dbType: unsupported
          ? unsupported
          : isList
            ? "ARRAY"
            : enums.has(base)
              ? "USER-DEFINED"
              : dbAttr
                ? DB_ATTR_SQL[dbAttr]
                : SCALAR_SQL[base],
      });
    }
  }
  return { tables, columns, enums: [...enums] };
}

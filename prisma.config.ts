import path from "node:path";

import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { defineConfig } from "prisma/config";

// The CLI runs with the JavaScript engine: no engine binary is downloaded.
// Migrations are written with `npm run db:migration` and applied by dbmate (see docs/decisions).
const url = process.env.DATABASE_URL ?? "file:./data/app.db";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  async adapter() {
    return url.startsWith("postgres") ? new PrismaPg({ connectionString: url }) : new PrismaBetterSQLite3({ url });
  },
});

// The PostgreSQL driver and Prisma's adapter for it, loaded when a PostgreSQL database is first used:
// a server on SQLite never needs them, and they cost each process some 3 MB (docs/decisions/037).
import { createRequire } from "node:module";

import type * as AdapterPg from "@prisma/adapter-pg";
import type Pg from "pg";

const require = createRequire(import.meta.url);

export const loadPg = () => require("pg") as typeof Pg;
export const loadPrismaPg = () => (require("@prisma/adapter-pg") as typeof AdapterPg).PrismaPg;

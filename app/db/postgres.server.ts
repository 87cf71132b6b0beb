// The PostgreSQL driver and Prisma's adapter for it, loaded when a PostgreSQL database is first used:
// a server on SQLite never needs them, and they cost each process some 3 MB (docs/decisions/037).
// Each is required once and kept: the driver is asked for its type parsers on every hot read.
import { createRequire } from "node:module";

import type * as AdapterPg from "@prisma/adapter-pg";
import type Pg from "pg";

const require = createRequire(import.meta.url);

let pg: typeof Pg | undefined;
let adapter: typeof AdapterPg | undefined;

export const loadPg = () => (pg ??= require("pg") as typeof Pg);
export const loadPrismaPg = () => (adapter ??= require("@prisma/adapter-pg") as typeof AdapterPg).PrismaPg;

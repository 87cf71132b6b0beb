// Migrates one template database per engine; each test file then gets its own copy (vitest.setup.ts).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";

import pg from "pg";
import type { TestProject } from "vitest/node";

import { migrate } from "~/server/migrate.server";

export const TMP = path.resolve("tests/.tmp");
export const PG_TEMPLATE = "fl_template";

type Templates = { sqliteTemplate: string; postgresAdminUrl: string };

/**
 * Every project of the run (sqlite, processes, and their PostgreSQL twins) runs this set-up; the
 * templates are made by the first and shared (the projects' set-ups run in Vitest's own process).
 */
const shared = globalThis as typeof globalThis & { familyLocatorTemplates?: Promise<Templates> };

export default async function setup(project: TestProject) {
  const templates = await (shared.familyLocatorTemplates ??= makeTemplates());
  project.provide("sqliteTemplate", templates.sqliteTemplate);
  project.provide("postgresAdminUrl", templates.postgresAdminUrl);
  return () => {
    rmSync(templates.sqliteTemplate, { force: true });
    // A run that follows in this process (watch mode after a change of the configuration) makes its own.
    delete shared.familyLocatorTemplates;
  };
}

async function makeTemplates(): Promise<Templates> {
  // Copies of test databases from earlier runs are removed when they are over an hour old.
  for (const name of existsSync(TMP) ? readdirSync(TMP) : []) {
    const file = path.join(TMP, name);
    if (/^(test|template)-.*\.db(-wal|-shm)?$/.test(name) && Date.now() - statSync(file).mtimeMs > 3600_000)
      rmSync(file, { force: true });
  }
  mkdirSync(TMP, { recursive: true });
  // One template per run, so that parallel runs (several terminals) never share files.
  const template = path.join(TMP, `template-${process.pid}.db`);
  rmSync(template, { force: true });
  migrate(`file:${template}`);

  if (process.env.TEST_POSTGRES === "1") {
    const admin =
      process.env.TEST_POSTGRES_URL ??
      execFileSync("bash", ["scripts/pg-cluster.sh", "start"], { encoding: "utf8" }).trim();
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    // Databases left by earlier runs go first, so the disk does not fill.
    const old = await client.query("select datname from pg_database where datname like 'fl_%'");
    for (const row of old.rows) await client.query(`drop database if exists "${row.datname}" with (force)`);
    await client.query(`create database ${PG_TEMPLATE}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${PG_TEMPLATE}`;
    migrate(url.toString());
    return { sqliteTemplate: template, postgresAdminUrl: admin };
  }
  return { sqliteTemplate: template, postgresAdminUrl: "" };
}

declare module "vitest" {
  export interface ProvidedContext {
    sqliteTemplate: string;
    postgresAdminUrl: string;
  }
}

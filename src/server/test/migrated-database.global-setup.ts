import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";

/**
 * Creates and migrates one database before any test file runs; each file's `createTestContext` then
 * starts from a copy of it instead of creating and migrating its own (about 4 s a file on the embedded
 * database, 1 s on PostgreSQL). On PostgreSQL the copy is a template database; on the embedded database
 * a tarball of PGlite's files.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = await createMigratedTemplate(serverUrl);
    project.provide("migratedTemplateDatabase", template.name);
    return template.drop;
  }
  const imagePath = await writeMigratedPgliteImage();
  project.provide("migratedPgliteImage", imagePath);
  return () => fs.rmSync(imagePath, { force: true });
}

async function writeMigratedPgliteImage() {
  const database = await openDatabase({});
  await database.migrate();
  const image = await database.dumpImage!();
  await database.close();
  const imagePath = path.join(os.tmpdir(), `anigye-test-database-${randomBytes(6).toString("hex")}.tar`);
  fs.writeFileSync(imagePath, Buffer.from(await image.arrayBuffer()));
  return imagePath;
}

async function createMigratedTemplate(serverUrl: string) {
  const name = `anigye_test_template_${randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  await database.migrate();
  await database.close();
  // `create database … template` refuses while anyone is connected to the template, and pool.end()
  // resolves before its sockets have closed.
  await onServer(serverUrl, (admin) => waitUntilNobodyIsConnected(admin, name));
  return {
    name,
    drop: () => onServer(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`)),
  };
}

async function waitUntilNobodyIsConnected(admin: pg.Client, name: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { rows } = await admin.query("select count(*)::int as n from pg_stat_activity where datname = $1", [
      name,
    ]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function onServer(serverUrl: string, work: (admin: pg.Client) => Promise<unknown>) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    /** Path of a migrated embedded database's tarball (tests without DATABASE_URL). */
    migratedPgliteImage?: string;
    /** Name of a migrated database on the DATABASE_URL server, for `create database … template`. */
    migratedTemplateDatabase?: string;
  }
}

import pg from "pg";

/**
 * Journeys on PostgreSQL start from an empty database, as they do on a fresh PGlite folder: the database
 * named in E2E_DATABASE_URL is dropped and created again before the server starts (and seeds the demo).
 */
const target = new URL(process.env.E2E_DATABASE_URL ?? "");
const name = target.pathname.slice(1);
if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`E2E_DATABASE_URL must name a database, got "${name}"`);
const server = new URL(target);
server.pathname = "/postgres";
const client = new pg.Client({ connectionString: server.toString() });
await client.connect();
await client.query(`drop database if exists ${name} with (force)`);
await client.query(`create database ${name}`);
await client.end();

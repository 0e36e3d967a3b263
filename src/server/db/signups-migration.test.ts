import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../test/test-app";

/**
 * Migration 0022 moves the signups the forms wrote to prelaunch_users / prelaunch_businesses into the
 * tables the admin reads, then drops the old tables. The database is built up to 0019, old-shape rows
 * go in, and then the remaining migrations run, as on a server that is upgraded.
 */

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
const lastMigrationBefore = "0019_drop_company_points_balance";

/** A copy of the migrations folder whose journal stops at `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "anigye-migrations-"));
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8"));
  const last = journal.entries.findIndex((entry: { tag: string }) => entry.tag === lastTag);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

interface Database {
  query(text: string): Promise<Record<string, unknown>[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function openPglite(): Promise<Database> {
  const client = new PGlite();
  await client.waitReady;
  return {
    query: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

async function openPostgres(serverUrl: string): Promise<Database> {
  const scratch = await createScratchDatabase(serverUrl);
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  return {
    query: async (text) => (await client.query(text)).rows,
    migrate: (folder) => migrateNodePg(drizzleNodePg(client), { migrationsFolder: folder }),
    async close() {
      await client.end();
      await scratch.drop();
    },
  };
}

let db: Database;
let partialFolder: string;

beforeAll(async () => {
  partialFolder = migrationsUpTo(lastMigrationBefore);
  db = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite();
  await db.migrate(partialFolder);
  // Already on the admin's list: this row is kept as it is.
  await db.query(`insert into early_access_signups (name, email, phone, city)
    values ('Ama Listed', 'ama@example.com', '+233240000001', 'Accra')`);
  await db.query(`insert into merchant_interest_signups (name, email, company)
    values ('Kwame Listed', 'kwame@example.com', 'Kwame Kente')`);
  await db.query(`insert into prelaunch_users
      (name, email, phone_number, city, age_range, gender, interests, referral_source,
       preferred_social_platform, expectations, created_at)
    values
      ('Akosua Mensah', 'akosua@example.com', '+233241234567', 'Kumasi', '25-34', 'female',
       '{fashion,food}', 'A friend', 'tiktok', 'Good deals', '2025-10-01T09:00:00Z'),
      ('Yaw Boateng', 'yaw@example.com', '+233201234567', null, null, null, '{}', null, null, null,
       '2025-10-02T09:00:00Z'),
      ('Ama Again', 'AMA@example.com', '+233240000002', 'Tema', null, null, '{}', null, null, null,
       '2025-10-03T09:00:00Z')`);
  await db.query(`insert into prelaunch_businesses
      (business_name, contact_name, business_email, business_phone, business_category, location,
       business_size, current_advertising, monthly_ad_budget, target_audience, business_goals,
       launch_timeframe, created_at)
    values
      ('Adjoa''s Beads', 'Adjoa Boateng', 'adjoa@example.com', '+233201111111', 'Retail & Shopping',
       'Cape Coast', 'small', '{social-media,word-of-mouth}', '500-1000', 'Students', 'More customers',
       '1-month', '2025-10-04T09:00:00Z'),
      ('Bare Shop', 'Kofi Bare', 'kofi@example.com', '+233202222222', null, null, null, '{}', null, null,
       null, null, '2025-10-05T09:00:00Z'),
      ('Other Kente', 'Someone Else', 'Kwame@Example.com', '+233203333333', null, null, null, '{}', null,
       null, null, null, '2025-10-06T09:00:00Z')`);
  await db.migrate(migrationsFolder);
});

afterAll(async () => {
  await db?.close();
  fs.rmSync(partialFolder, { recursive: true, force: true });
});

describe("migration 0022: one signup table per kind", () => {
  it("moves every member signup, each field in its column, keeping the listed row on a shared email", async () => {
    const rows = await db.query(`select name, email, phone, city, age, gender, preferred_categories,
        referral, social_media_platforms, expectations, is_converted, created_at
      from early_access_signups order by id`);
    expect(rows).toEqual([
      expect.objectContaining({ name: "Ama Listed", email: "ama@example.com", city: "Accra" }),
      {
        name: "Akosua Mensah",
        email: "akosua@example.com",
        phone: "+233241234567",
        city: "Kumasi",
        age: "25-34",
        gender: "female",
        preferred_categories: ["fashion", "food"],
        referral: "A friend",
        social_media_platforms: ["tiktok"],
        expectations: "Good deals",
        is_converted: false,
        created_at: new Date("2025-10-01T09:00:00Z"),
      },
      expect.objectContaining({
        name: "Yaw Boateng",
        email: "yaw@example.com",
        social_media_platforms: [],
        created_at: new Date("2025-10-02T09:00:00Z"),
      }),
    ]);
  });

  it("moves every business signup, each field in its column, keeping the listed row on a shared email", async () => {
    const rows = await db.query(`select name, email, phone, company, business_type, location,
        business_size, current_marketing, expected_spend, target_audience, goals, urgency, created_at
      from merchant_interest_signups order by id`);
    expect(rows).toEqual([
      expect.objectContaining({ name: "Kwame Listed", email: "kwame@example.com", company: "Kwame Kente" }),
      {
        name: "Adjoa Boateng",
        email: "adjoa@example.com",
        phone: "+233201111111",
        company: "Adjoa's Beads",
        business_type: "Retail & Shopping",
        location: "Cape Coast",
        business_size: "small",
        current_marketing: "social-media; word-of-mouth",
        expected_spend: "500-1000",
        target_audience: "Students",
        goals: "More customers",
        urgency: "1-month",
        created_at: new Date("2025-10-04T09:00:00Z"),
      },
      expect.objectContaining({
        name: "Kofi Bare",
        company: "Bare Shop",
        current_marketing: null,
        created_at: new Date("2025-10-05T09:00:00Z"),
      }),
    ]);
  });

  it("drops the old tables", async () => {
    const tables = await db.query(
      "select table_name from information_schema.tables where table_name like 'prelaunch_%'",
    );
    expect(tables).toEqual([]);
  });
});

import { gunzipSync } from "node:zlib";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog } from "../../db/schema/audit";
import { earlyAccessSignups, merchantInterestSignups } from "../../db/schema/coming-soon";
import { outboxMessages } from "../../db/schema/outbox";
import { signedInMember } from "../../test/members";
import { latestOutboxMessage } from "../../test/outbox";
import { createTestContext, sendAs, type TestContext } from "../../test/test-app";
import { containsPattern, exportBatchSize, spreadsheetSafe } from "./signups-admin.service";

let ctx: TestContext;
let admin: Record<string, string>;
let member: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInMember(ctx.database.db, "signups-admin", { role: "admin" })).cookies;
  member = (await signedInMember(ctx.database.db, "signups-member")).cookies;
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.database.db.delete(earlyAccessSignups);
  await ctx.database.db.delete(merchantInterestSignups);
  await ctx.database.db.delete(outboxMessages);
});

type ConsumerRow = typeof earlyAccessSignups.$inferInsert;
type MerchantRow = typeof merchantInterestSignups.$inferInsert;

async function addConsumer(fields: Partial<ConsumerRow> = {}) {
  const [row] = await ctx.database.db
    .insert(earlyAccessSignups)
    .values({ name: "Akosua Mensah", email: "akosua@example.com", phone: "+233241234567", ...fields })
    .returning();
  return row!;
}

async function addMerchant(fields: Partial<MerchantRow> = {}) {
  const [row] = await ctx.database.db
    .insert(merchantInterestSignups)
    .values({
      name: "Adjoa Boateng",
      email: "adjoa@example.com",
      phone: "+233201234567",
      company: "Adjoa's Beads",
      businessType: "Retail",
      ...fields,
    })
    .returning();
  return row!;
}

/** `count` consumers in one statement, numbered 1..count (Member 1, member1@example.com). */
async function addManyConsumers(count: number) {
  await ctx.database.db.execute(sql`
    insert into early_access_signups (name, email, phone, region)
    select 'Member ' || n, 'member' || n || '@example.com', '+23324' || lpad(n::text, 7, '0'), 'Ashanti'
    from generate_series(1, ${count}) as n`);
}

const list = (query: string, cookies = admin) =>
  sendAs(ctx.app, cookies, "GET", `/api/admin/signups?${query}`);
const exportCsv = (query: string, cookies = admin) =>
  sendAs(ctx.app, cookies, "GET", `/api/admin/signups/export.csv?${query}`);
const invite = (kind: string, id: number, cookies = admin) =>
  sendAs(ctx.app, cookies, "POST", `/api/admin/signups/${kind}/${id}/invite`);

async function emailsTo(address: string) {
  await ctx.drainMessages();
  return ctx.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, address), eq(outboxMessages.channel, "email")));
}

async function isConverted(table: "consumer" | "merchant", id: number) {
  const t = table === "consumer" ? earlyAccessSignups : merchantInterestSignups;
  const [row] = await ctx.database.db.select({ isConverted: t.isConverted }).from(t).where(eq(t.id, id));
  return row?.isConverted;
}

/** The CSV's lines without its byte-order mark (cells in these tests hold no line breaks). */
function csvLines(body: string): string[] {
  expect(body.startsWith("\ufeff")).toBe(true);
  return body.slice(1).trimEnd().split("\n");
}

describe("GET /api/admin/signups", () => {
  it("pages consumers newest first, 25 a page, counting them all", async () => {
    await addManyConsumers(30);
    const first = await list("kind=consumer");
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1).toMatchObject({ kind: "consumer", page: 1, pageSize: 25, total: 30 });
    expect(page1.items).toHaveLength(25);
    expect(page1.items[0]).toMatchObject({
      name: "Member 30",
      email: "member30@example.com",
      region: "Ashanti",
    });
    expect(page1.items[24].name).toBe("Member 6");

    const page2 = (await list("kind=consumer&page=2")).json();
    expect(page2).toMatchObject({ page: 2, total: 30 });
    expect(page2.items.map((item: { name: string }) => item.name)).toEqual([
      "Member 5",
      "Member 4",
      "Member 3",
      "Member 2",
      "Member 1",
    ]);
    expect((await list("kind=consumer&page=3")).json()).toMatchObject({ items: [], total: 30 });
  });

  it("shows each consumer's useful columns and nothing else", async () => {
    const row = await addConsumer({
      username: "akos",
      age: "25-34",
      region: "Ashanti",
      city: "Kumasi",
      occupation: "Trader",
      marketingConsent: true,
      smsConsent: false,
      feedbackWillingness: true,
      referral: "A friend",
    });
    const [item] = (await list("")).json().items;
    expect(item).toEqual({
      id: row.id,
      name: "Akosua Mensah",
      username: "akos",
      email: "akosua@example.com",
      phone: "+233241234567",
      age: "25-34",
      gender: null,
      region: "Ashanti",
      city: "Kumasi",
      occupation: "Trader",
      marketingConsent: true,
      smsConsent: false,
      feedbackWillingness: true,
      isConverted: false,
      createdAt: row.createdAt.toISOString(),
    });
  });

  it("searches names, emails and phones without case, taking % and _ literally", async () => {
    await addConsumer({ name: "Kofi 100% Real", email: "kofi@example.com", phone: "+233201111111" });
    await addConsumer({ name: "Kofi 1000 Real", email: "kofi_b@example.com", phone: "+233202222222" });
    await addConsumer({ name: "Esi Owusu", email: "esixb@example.com", phone: "+233243333333" });
    const names = async (q: string) =>
      (await list(`kind=consumer&q=${encodeURIComponent(q)}`))
        .json()
        .items.map((item: { name: string }) => item.name)
        .sort();

    expect(await names("kofi")).toEqual(["Kofi 100% Real", "Kofi 1000 Real"]);
    expect(await names("100%")).toEqual(["Kofi 100% Real"]);
    expect(await names("i_b")).toEqual(["Kofi 1000 Real"]);
    expect(await names("ESI")).toEqual(["Esi Owusu"]);
    expect(await names("2022222")).toEqual(["Kofi 1000 Real"]);
    // A number typed the local way finds the stored E.164 one.
    expect(await names("024 333 3333")).toEqual(["Esi Owusu"]);
    expect(await names("nobody")).toEqual([]);
    expect((await list("q=kofi")).json().total).toBe(2);
  });

  it("filters by status", async () => {
    await addConsumer({ email: "waiting@example.com" });
    await addConsumer({ email: "done@example.com", isConverted: true });
    const emails = async (status: string) =>
      (await list(`status=${status}`)).json().items.map((item: { email: string }) => item.email);
    expect(await emails("waiting")).toEqual(["waiting@example.com"]);
    expect(await emails("converted")).toEqual(["done@example.com"]);
    expect(await emails("all")).toHaveLength(2);
  });

  it("lists merchants with their business columns, searchable by company too", async () => {
    const row = await addMerchant({ title: "Owner", region: "Central", expectedSpend: "500-1000" });
    await addMerchant({ name: "Yaw Darko", email: "yaw@example.com", company: "Yaw Phones" });
    const page = (await list("kind=merchant&q=beads")).json();
    expect(page).toMatchObject({ kind: "merchant", total: 1 });
    expect(page.items[0]).toMatchObject({
      id: row.id,
      name: "Adjoa Boateng",
      company: "Adjoa's Beads",
      title: "Owner",
      businessType: "Retail",
      region: "Central",
      expectedSpend: "500-1000",
      preferredLanguage: "English",
      marketingConsent: false,
      isConverted: false,
    });
    expect(page.items[0]).not.toHaveProperty("description");
  });

  it("refuses a filter it does not know, naming the field", async () => {
    const response = await list("kind=robots");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "VALIDATION",
      fields: { kind: "Choose consumer or merchant" },
    });
    expect((await list("page=0")).json().fields.page).toBe("Pages start at 1");
    expect((await list("status=maybe")).statusCode).toBe(400);
  });
});

describe("GET /api/admin/signups/export.csv", () => {
  it("sends a CSV attachment with a header, quoted cells and formulas defused", async () => {
    await addConsumer({
      name: 'Mensah, Akosua "Akos"',
      email: "akosua@example.com",
      phone: "+233241234567",
      region: '=HYPERLINK("http://evil.example","click")',
      city: "@SUM(A1:A2)",
      occupation: "-2+3",
      preferredCategories: ["Food", "+cmd|' /C calc'!A0"],
      marketingConsent: true,
    });
    const response = await exportCsv("kind=consumer");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="anigye-consumer-signups-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers["cache-control"]).toBe("no-store");

    const [header, line] = csvLines(response.body);
    expect(header).toBe(
      "ID,Name,Username,Email,Phone,Age,Gender,Region,City,Occupation,Referral,Preferred categories," +
        "Shopping budget,Social media platforms,Device type,Early-access features,Expectations," +
        "Marketing consent,SMS consent," +
        "Willing to give feedback,Converted,Signed up (UTC)",
    );
    expect(line).toContain('"Mensah, Akosua ""Akos"""');
    expect(line).toContain(",akosua@example.com,+233241234567,");
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(line).toContain(",'@SUM(A1:A2),'-2+3,");
    expect(line).toContain(",Food; '+cmd|' /C calc'!A0,");
    expect(line).toMatch(/,yes,no,no,no,\d{4}-\d{2}-\d{2}T[\d:.]+Z$/);
  });

  it("exports merchants with their own columns", async () => {
    await addMerchant({ description: "Beads, bags\nand more" });
    const response = await exportCsv("kind=merchant");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toContain("anigye-merchant-signups-");
    const body = response.body.slice(1);
    expect(body.split("\n")[0]).toMatch(/^ID,Name,Username,Email,Phone,Title,Company,Business type,/);
    expect(body).toContain(",Adjoa's Beads,");
    expect(body).toContain('"Beads, bags\nand more"');
  });

  it("streams every one of 1,200 signups, read in batches, oldest first", async () => {
    expect(exportBatchSize).toBeLessThan(1200);
    await addManyConsumers(1200);
    const response = await exportCsv("kind=consumer");
    expect(response.statusCode).toBe(200);
    // A stream has no length known in advance: it is sent in chunks.
    expect(response.headers["content-length"]).toBeUndefined();
    expect(response.headers["transfer-encoding"]).toBe("chunked");
    const rows = csvLines(response.body).slice(1);
    expect(rows).toHaveLength(1200);
    const names = rows.map((row) => row.split(",")[1]);
    expect(names[0]).toBe("Member 1");
    expect(names[499]).toBe("Member 500");
    expect(names[500]).toBe("Member 501");
    expect(names[1000]).toBe("Member 1001");
    expect(names[1199]).toBe("Member 1200");
    expect(new Set(names).size).toBe(1200);
  });

  it("compresses the stream for a browser that accepts gzip", async () => {
    await addManyConsumers(50);
    const response = await sendAs(ctx.app, admin, "GET", "/api/admin/signups/export.csv", undefined, {
      "accept-encoding": "gzip",
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(csvLines(gunzipSync(response.rawPayload).toString("utf8"))).toHaveLength(51);
  });

  it("exports what the filter matches", async () => {
    await addManyConsumers(3);
    await ctx.database.db
      .update(earlyAccessSignups)
      .set({ isConverted: true })
      .where(eq(earlyAccessSignups.email, "member2@example.com"));
    const waiting = csvLines((await exportCsv("kind=consumer&status=waiting")).body);
    expect(waiting.slice(1).map((row) => row.split(",")[1])).toEqual(["Member 1", "Member 3"]);
    const searched = csvLines((await exportCsv("kind=consumer&q=member3")).body);
    expect(searched).toHaveLength(2);
  });

  it("sends just the header when nothing matches", async () => {
    expect(csvLines((await exportCsv("kind=merchant")).body)).toHaveLength(1);
  });
});

describe("POST /api/admin/signups/:kind/:id/invite", () => {
  it("emails a consumer a registration link with their email, marks them converted and audits it", async () => {
    const row = await addConsumer({ email: "ama+early@example.com", name: "Ama Serwaa" });
    const response = await invite("consumer", row.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      kind: "consumer",
      id: row.id,
      email: "ama+early@example.com",
      isConverted: true,
      message: "Invitation sent to ama+early@example.com.",
    });
    expect(await isConverted("consumer", row.id)).toBe(true);

    const mail = await latestOutboxMessage(ctx.database.db, "ama+early@example.com", "email");
    expect(mail?.subject).toBe("Your Anigye invitation");
    expect(mail?.textBody).toContain("Ama Serwaa");
    expect(mail?.textBody).toContain(`${ctx.app.config.appUrl}/register?email=ama%2Bearly%40example.com`);
    expect(mail?.htmlBody).toContain("/register?email=ama%2Bearly%40example.com");

    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "signup.invite"), eq(auditLog.targetId, String(row.id))));
    expect(entry).toMatchObject({
      actorName: expect.any(String),
      targetType: "early_access_signup",
      before: { isConverted: false },
      after: { isConverted: true, email: "ama+early@example.com" },
    });
  });

  it("answers a second invite 409 and sends nothing more", async () => {
    const row = await addConsumer();
    expect((await invite("consumer", row.id)).statusCode).toBe(200);
    const again = await invite("consumer", row.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: "CONFLICT",
      message: "akosua@example.com has already been invited. Nothing was sent.",
    });
    expect(await emailsTo("akosua@example.com")).toHaveLength(1);
  });

  it("sends one email when two admins click at once", async () => {
    const row = await addConsumer();
    const answers = await Promise.all([invite("consumer", row.id), invite("consumer", row.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await emailsTo("akosua@example.com")).toHaveLength(1);
  });

  it("emails a merchant the business plans and what happens next", async () => {
    const row = await addMerchant();
    const response = await invite("merchant", row.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toContain("Register the business");
    expect(await isConverted("merchant", row.id)).toBe(true);
    const mail = await latestOutboxMessage(ctx.database.db, "adjoa@example.com", "email");
    expect(mail?.subject).toBe("Anigye for Adjoa's Beads: next steps");
    expect(mail?.textBody).toContain(`See the business plans: ${ctx.app.config.appUrl}/business`);
    expect(mail?.textBody).toContain("create your business account");
    // The ids of the two lists overlap: a merchant's id names no consumer.
    expect((await invite("consumer", row.id)).statusCode).toBe(404);
  });

  it("sends the invitation once the mail server answers again, and only once", async () => {
    const row = await addConsumer();
    const send = vi.spyOn(ctx.app.deps.mailer, "send").mockRejectedValueOnce(new Error("SMTP down"));
    try {
      const invited = await invite("consumer", row.id);
      expect(invited.statusCode, invited.body).toBe(200);
      expect(await isConverted("consumer", row.id)).toBe(true);
      await ctx.drainMessages();
      expect(await emailsTo("akosua@example.com")).toHaveLength(0);

      await ctx.drainMessages({ allDue: true });
      expect(await emailsTo("akosua@example.com")).toHaveLength(1);
      expect((await invite("consumer", row.id)).statusCode).toBe(409);
      await ctx.drainMessages({ allDue: true });
      expect(await emailsTo("akosua@example.com")).toHaveLength(1);
      expect(send).toHaveBeenCalledTimes(2);
    } finally {
      send.mockRestore();
    }
  });

  it("answers 404 for a signup that does not exist and 400 for an unknown kind", async () => {
    expect((await invite("consumer", 999_999)).json()).toEqual({
      code: "NOT_FOUND",
      message: "No such signup",
    });
    expect((await invite("robots", 1)).statusCode).toBe(400);
  });
});

describe("only admins", () => {
  it("refuses members and visitors on every signups route, changing and sending nothing", async () => {
    const row = await addConsumer();
    for (const cookies of [member, {}]) {
      const status = cookies === member ? 403 : 401;
      expect((await list("kind=consumer", cookies)).statusCode).toBe(status);
      expect((await exportCsv("kind=consumer", cookies)).statusCode).toBe(status);
      const refused = await invite("consumer", row.id, cookies);
      expect(refused.statusCode).toBe(status);
      expect(refused.body).not.toContain("akosua");
    }
    expect(await isConverted("consumer", row.id)).toBe(false);
    expect(await emailsTo("akosua@example.com")).toHaveLength(0);
  });
});

describe("helpers", () => {
  it("escapes LIKE wildcards and the escape itself", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });

  it("defuses formula cells but keeps plain numbers", () => {
    expect(spreadsheetSafe("=1+1")).toBe("'=1+1");
    expect(spreadsheetSafe("+1+1")).toBe("'+1+1");
    expect(spreadsheetSafe("-1+1")).toBe("'-1+1");
    expect(spreadsheetSafe("@cmd")).toBe("'@cmd");
    expect(spreadsheetSafe("\tx")).toBe("'\tx");
    expect(spreadsheetSafe("+233241234567")).toBe("+233241234567");
    expect(spreadsheetSafe("-5")).toBe("-5");
    expect(spreadsheetSafe("Kumasi")).toBe("Kumasi");
    expect(spreadsheetSafe("a=b")).toBe("a=b");
  });
});

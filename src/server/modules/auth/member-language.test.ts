import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/auth";
import { createUser } from "../../db/seed/factories";
import { createTestContext, sendAs, type TestContext } from "../../test/test-app";
import { createSession } from "./session.service";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function signedIn() {
  const user = await createUser(ctx.database.db);
  const { token } = await createSession(
    ctx.database.db,
    { kind: "user", userId: user.id },
    { ipAddress: "10.0.0.1", userAgent: "test" },
  );
  return { user, cookies: { anigye_sid: token } };
}

const twi = { "accept-language": "tw" };

describe("a member's language (issue 15)", () => {
  it("is unset until chosen, then saved on the account and back with the session", async () => {
    const { user, cookies } = await signedIn();
    expect((await sendAs(ctx.app, cookies, "GET", "/api/auth/me")).json().user.language).toBeNull();

    const saved = await sendAs(ctx.app, cookies, "PUT", "/api/profile/preferences", { language: "tw" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ language: "tw", smsConsent: false });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.language).toBe("tw");
    expect((await sendAs(ctx.app, cookies, "GET", "/api/auth/me")).json().user.language).toBe("tw");
  });

  it("refuses a language we don't speak, in the language asked for, and changes nothing", async () => {
    const { user, cookies } = await signedIn();
    const refused = await sendAs(
      ctx.app,
      cookies,
      "PUT",
      "/api/profile/preferences",
      { language: "fr" },
      twi,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: "VALIDATION",
      message: "Yi Borɔfo anaa Twi",
      fields: { language: "Yi Borɔfo anaa Twi" },
    });
    const english = await sendAs(ctx.app, cookies, "PUT", "/api/profile/preferences", { language: "fr" });
    expect(english.json().message).toBe("Choose English or Twi");
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.language).toBeNull();
  });

  it("answers a refused sign-in and bad fields in Twi when asked, and in English otherwise", async () => {
    const user = await createUser(ctx.database.db, { password: "jollof-rice-2026" });
    const wrong = { email: user.email, password: "not-the-password" };
    const inTwi = await sendAs(ctx.app, {}, "POST", "/api/auth/login", wrong, twi);
    expect(inTwi.statusCode).toBe(401);
    expect(inTwi.json().message).toBe("Email anaa ahintasɛm no nyɛ nokware");
    const inEnglish = await sendAs(ctx.app, {}, "POST", "/api/auth/login", wrong, {
      "accept-language": "en-GB,en;q=0.9",
    });
    expect(inEnglish.json().message).toBe("Invalid email or password");

    const short = await sendAs(
      ctx.app,
      {},
      "POST",
      "/api/auth/register",
      { displayName: "A", username: "ab", email: "not-an-email", password: "123" },
      { "accept-language": "ak-GH, en;q=0.5" },
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toMatchObject({
      displayName: "Wo din no nsua nkyerɛwdeɛ 2",
      username: "Din no nsua nkyerɛwdeɛ 3",
      password: "Ahintasɛm no nsua nkyerɛwdeɛ 6",
    });
  });

  it("gives a new account the language chosen on the device it signed up on, if any", async () => {
    const answer = await sendAs(ctx.app, {}, "POST", "/api/auth/register", {
      displayName: "Kwaku Ananse",
      username: "kwaku_ananse",
      email: "kwaku.ananse@example.com",
      password: "spider-stories-77",
      language: "tw",
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().user.language).toBe("tw");
    const odd = await sendAs(ctx.app, {}, "POST", "/api/auth/register", {
      displayName: "Yaa Asantewaa",
      username: "yaa_asantewaa",
      email: "yaa.asantewaa@example.com",
      password: "ejisu-queen-1900",
      language: "klingon",
    });
    expect(odd.statusCode).toBe(200);
    expect(odd.json().user.language).toBeNull();
  });
});

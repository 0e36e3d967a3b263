import { describe, expect, it } from "vitest";
import { oauthConfigForm, secretNeededMessage } from "./oauth-config";

const filled = { clientId: "id.apps.googleusercontent.com", issuer: "https://accounts.google.com" };

describe("the Google sign-in form", () => {
  it("needs the secret only while none is saved", () => {
    const first = oauthConfigForm(false).safeParse({ ...filled, clientSecret: "" });
    expect(first.success).toBe(false);
    expect(first.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["clientSecret", secretNeededMessage],
    ]);
    expect(oauthConfigForm(true).parse({ ...filled, clientSecret: "" })).toEqual(filled);
    expect(oauthConfigForm(false).parse({ ...filled, clientSecret: " s3cret " })).toEqual({
      ...filled,
      clientSecret: "s3cret",
    });
  });

  it("names the field at fault", () => {
    const result = oauthConfigForm(true).safeParse({ clientId: " ", issuer: "accounts.google.com" });
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["clientId", "issuer"]);
  });
});

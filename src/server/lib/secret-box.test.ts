import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openText, SecretBoxError, sealText } from "./secret-box";

const key = randomBytes(32);

describe("the secret box", () => {
  it("opens what it sealed, and seals the same text differently each time", () => {
    const first = sealText(key, "a secret", "oauth_google");
    const second = sealText(key, "a secret", "oauth_google");
    expect(first).not.toBe(second);
    expect(first).not.toContain("secret");
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(openText(key, first, "oauth_google")).toBe("a secret");
    expect(openText(key, second, "oauth_google")).toBe("a secret");
  });

  it("refuses another key, another context, an altered value and a malformed one", () => {
    const sealed = sealText(key, "a secret", "oauth_google");
    expect(() => openText(randomBytes(32), sealed, "oauth_google")).toThrow(SecretBoxError);
    expect(() => openText(key, sealed, "another_setting")).toThrow(SecretBoxError);
    const [version, iv, tag, body] = sealed.split(".");
    const flipped = Buffer.from(body!, "base64url");
    flipped[0]! ^= 1;
    expect(() =>
      openText(key, [version, iv, tag, flipped.toString("base64url")].join("."), "oauth_google"),
    ).toThrow(SecretBoxError);
    const shortTag = Buffer.from(tag!, "base64url").subarray(0, 8).toString("base64url");
    expect(() => openText(key, [version, iv, shortTag, body].join("."), "oauth_google")).toThrow(
      SecretBoxError,
    );
    expect(() => openText(key, "plain text", "oauth_google")).toThrow(SecretBoxError);
    expect(() => sealText(randomBytes(16), "x", "oauth_google")).toThrow(SecretBoxError);
  });
});

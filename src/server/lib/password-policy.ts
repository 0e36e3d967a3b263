import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
// Mozilla's list of common passwords (8 characters and longer).
const mozillaList = require("fxa-common-password-list") as { test(password: string): boolean };

// The list above skips short passwords; these are the most used ones of 6 and 7 characters.
const commonShortPasswords = new Set([
  "123456",
  "1234567",
  "654321",
  "111111",
  "000000",
  "123123",
  "121212",
  "112233",
  "666666",
  "888888",
  "abc123",
  "qwerty",
  "qwerty1",
  "asdfgh",
  "zxcvbn",
  "abcdef",
  "abcabc",
  "passwd",
  "secret",
  "dragon",
  "monkey",
  "letmein",
  "iloveyou",
  "sunshine",
  "princess",
  "welcome",
  "football",
  "charlie",
  "shadow",
  "master",
  "michael",
  "jesus1",
  "ghana1",
  "accra1",
  "anigye",
]);

/**
 * Never one of the most common passwords, nor the username or email
 * (docs/product-rules.md#accounts-password-rules).
 */
export function passwordProblem(
  password: string,
  identity: { username?: string; email?: string },
): string | undefined {
  const lower = password.toLowerCase();
  if (commonShortPasswords.has(lower) || mozillaList.test(password)) {
    return "This password is too common. Choose one that is harder to guess";
  }
  const emailName = identity.email?.toLowerCase().split("@")[0];
  if (
    lower === identity.username?.toLowerCase() ||
    lower === identity.email?.toLowerCase() ||
    lower === emailName
  ) {
    return "Password must not be your username or email";
  }
  return undefined;
}

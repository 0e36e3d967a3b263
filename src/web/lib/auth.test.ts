import { describe, expect, it } from "vitest";
import type { SessionUser } from "../../shared/contracts/session";
import { sameOrChanged } from "./auth";

const ama = {
  id: 7,
  username: "ama",
  email: "ama@example.com",
  displayName: "Ama Owusu",
  role: "user",
  xp: 120,
} as unknown as SessionUser;

describe("the session check's answer", () => {
  it("keeps the member on screen when the server says the same, so nothing renders again", () => {
    const answer = JSON.parse(JSON.stringify(ama)) as SessionUser;

    expect(sameOrChanged(ama, answer)).toBe(ama);
  });

  it("takes the server's member when anything changed, or when someone signs in or out", () => {
    const moreXp = { ...ama, xp: 130 } as SessionUser;

    expect(sameOrChanged(ama, moreXp)).toBe(moreXp);
    expect(sameOrChanged(null, ama)).toBe(ama);
    expect(sameOrChanged(ama, null)).toBeNull();
  });
});

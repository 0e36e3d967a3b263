import { describe, expect, it } from "vitest";
import type { DrawPublic } from "../../../shared/contracts/draws";
import { drawAlgorithm, drawWinner, sha256Hex } from "../../../shared/draw-verification";
import { checkDrawInBrowser } from "./draw-check";

const seed = "b".repeat(64);
const entries = [
  { member: "m-7f3a", count: 3 },
  { member: "m-01bc", count: 10 },
  { member: "m-c4d2", count: 1 },
];
const outcome = drawWinner(seed, "drand-4242", entries)!;

const drawn: DrawPublic = {
  id: 4,
  kind: "monthly",
  title: "November 2026 prize draw",
  month: "2026-11",
  prizeTitle: "A Tecno phone",
  prizeDescription: null,
  prizeValuePesewas: null,
  prizeHash: null,
  commitment: sha256Hex(seed),
  seed,
  publicRandomnessSource: "drand quicknet round 4242",
  publicRandomness: "drand-4242",
  entries,
  excluded: [],
  entriesHash: outcome.entriesHash,
  entriesClosedAt: "2026-11-30T23:59:59.999Z",
  totalEntries: outcome.totalEntries,
  winningTicket: outcome.winningTicket,
  winner: { member: outcome.winnerMember, displayName: "Ama Owusu" },
  openedAt: "2026-11-01T00:00:00.000Z",
  registrationDeadline: "2026-11-30T23:59:59.000Z",
  drawDate: "2026-12-01T18:00:00.000Z",
  drawnAt: "2026-12-01T18:00:05.000Z",
  prizeClaimed: false,
  algorithm: drawAlgorithm,
  yourMember: null,
  canClaim: false,
};

describe("checkDrawInBrowser", () => {
  it("confirms a fair draw from the page's own data", () => {
    const result = checkDrawInBrowser(drawn);
    expect(result.state).toBe("checked");
    if (result.state === "checked") expect(result.check).toMatchObject({ holds: true, problems: [] });
  });

  it("names what does not add up when the published winner is another member", () => {
    const other = entries.find((entry) => entry.member !== outcome.winnerMember)!.member;
    const result = checkDrawInBrowser({ ...drawn, winner: { member: other, displayName: "Yaw Darko" } });
    expect(result.state === "checked" && result.check.holds).toBe(false);
    expect(result.state === "checked" && result.check.problems).toEqual([
      { key: "draw.problem.winner", values: { winner: outcome.winnerMember, published: other } },
    ]);
  });

  it("re-checks a draw whose suspended members were left out: their entries in the hash, without tickets", () => {
    const [left, ...kept] = entries;
    const excluded = [{ ...left!, reason: "suspended" as const }];
    const withoutThem = drawWinner(seed, "drand-4242", kept, excluded)!;
    expect(withoutThem.entriesHash).toBe(outcome.entriesHash);
    const page: DrawPublic = {
      ...drawn,
      entries: kept,
      excluded,
      totalEntries: withoutThem.totalEntries,
      winningTicket: withoutThem.winningTicket,
      winner: { member: withoutThem.winnerMember, displayName: "Ama Owusu" },
    };
    const result = checkDrawInBrowser(page);
    expect(result.state === "checked" && result.check.holds).toBe(true);
    // The page leaving the left-out entries unsaid doesn't pass.
    const hidden = checkDrawInBrowser({ ...page, excluded: [] });
    expect(hidden.state === "checked" && hidden.check.problems).toContainEqual({
      key: "draw.problem.entriesHash",
    });
  });

  it("waits for the seed before checking anything", () => {
    expect(checkDrawInBrowser({ ...drawn, seed: null, drawnAt: null })).toEqual({ state: "not-drawn" });
  });
});

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DrawPublic } from "../../../shared/contracts/draws";
import { drawAlgorithm, drawWinner, sha256Hex } from "../../../shared/draw-verification";
import rewardsInTwi from "../../../shared/i18n/catalogs/screens/rewards.tw.json";
import { activateLanguage } from "../../lib/language";
import { DrawView } from "./draw-view";

// What the draw page says when the published numbers don't add up, with the numbers in its sentences,
// in the language chosen.

const seed = "c".repeat(64);
const entries = [
  { member: "m-7f3a", count: 3 },
  { member: "m-01bc", count: 10 },
  { member: "m-c4d2", count: 1 },
];
const outcome = drawWinner(seed, "drand-4242", entries)!;
const otherMember = entries.find((entry) => entry.member !== outcome.winnerMember)!.member;
const otherTicket = (outcome.winningTicket + 1) % outcome.totalEntries;

/** A drawn draw whose published total, ticket and winner were all changed after the draw. */
const tampered: DrawPublic = {
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
  totalEntries: outcome.totalEntries + 1,
  winningTicket: otherTicket,
  winner: { member: otherMember, displayName: "Yaw Darko" },
  openedAt: "2026-11-01T00:00:00.000Z",
  registrationDeadline: "2026-11-30T23:59:59.000Z",
  drawDate: "2026-12-01T18:00:00.000Z",
  drawnAt: "2026-12-01T18:00:05.000Z",
  prizeClaimed: false,
  algorithm: drawAlgorithm,
  yourMember: null,
  canClaim: false,
};

/** The problems the page lists, as text. */
function problemsShown(draw: DrawPublic): string[] {
  const html = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <DrawView draw={draw} />
    </QueryClientProvider>,
  );
  const list = html.match(/<ul class="mt-2 list-disc[^"]*">(.*?)<\/ul>/)?.[1] ?? "";
  return [...list.matchAll(/<li>(.*?)<\/li>/g)].map((item) => item[1]!);
}

const englishProblems = [
  `The entries add up to ${outcome.totalEntries}, not ${outcome.totalEntries + 1}`,
  `The winning ticket is ${outcome.winningTicket}, not ${otherTicket}`,
  `The winner is ${outcome.winnerMember}, not ${otherMember}`,
];

describe("the draw page's check, in English", () => {
  it("names each number that does not add up, word for word", () => {
    expect(problemsShown(tampered)).toEqual(englishProblems);
    expect(
      problemsShown({ ...tampered, totalEntries: outcome.totalEntries, winningTicket: null, winner: null }),
    ).toEqual([`The winner is ${outcome.winnerMember}, not nobody`]);
  });
});

describe("the draw page's check, in Twi", () => {
  beforeAll(() => activateLanguage("tw"));
  afterAll(() => activateLanguage("en"));

  /** The catalog's Twi with its values filled in (read, so a reviewer's correction keeps this passing). */
  const twi = (key: keyof typeof rewardsInTwi, values: Record<string, string | number>) =>
    rewardsInTwi[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

  it("says each problem in Twi with its numbers, none in English", () => {
    const shown = problemsShown(tampered);
    expect(shown).toEqual([
      twi("draw.problem.totalEntries", { total: outcome.totalEntries, published: outcome.totalEntries + 1 }),
      twi("draw.problem.winningTicket", { ticket: outcome.winningTicket, published: otherTicket }),
      twi("draw.problem.winner", { winner: outcome.winnerMember, published: otherMember }),
    ]);
    for (const english of englishProblems) expect(shown).not.toContain(english);
  });

  it("says the other problems in Twi too", () => {
    const broken = {
      ...tampered,
      algorithm: "made-up-v9",
      commitment: sha256Hex("another seed"),
      entries: [...entries, { member: "m-7f3a", count: 12 }],
      entriesHash: "0".repeat(64),
      winningTicket: null,
    };
    const shown = problemsShown(broken);
    expect(shown).toEqual(
      expect.arrayContaining([
        twi("draw.problem.algorithm", { algorithm: "made-up-v9" }).replaceAll('"', "&quot;"),
        twi("draw.problem.commitment", {}),
        twi("draw.problem.repeatedMember", { member: "m-7f3a" }),
        twi("draw.problem.entryCount", { member: "m-7f3a", count: 12, max: 10 }),
        twi("draw.problem.entriesHash", {}),
      ]),
    );
    expect(shown.join("\n")).not.toMatch(/does not match|appears more than once|each member has/);
  });
});

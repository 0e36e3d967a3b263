import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { type DrawExclusionReason, drawExclusionReasons } from "./draw-exclusions";

/*
 * The published draw function (docs/draw-algorithm.md), shared by the server that draws, the public
 * page that re-checks the result in the visitor's browser and `npm run verify-draw`. Pure and
 * synchronous, so all three run exactly the same code.
 */

export const drawAlgorithm = "anigye-draw-v1";
/** At most 10 entries per member in a draw (docs/product-rules.md#draws-entries). */
export const maxEntriesPerMember = 10;

export interface DrawEntryLine {
  /** The member's pseudonymous id in this draw. */
  member: string;
  count: number;
}

/** An entry of the frozen list left out at the draw: it counts in the entries hash, holds no ticket. */
export interface ExcludedEntryLine extends DrawEntryLine {
  reason: DrawExclusionReason;
}

export interface DrawOutcome {
  entriesHash: string;
  totalEntries: number;
  /** SHA-256 of seed, public randomness and entries hash; the ticket is drawn from it. */
  drawKey: string;
  winningTicket: number;
  winnerMember: string;
}

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** A draw's prize, fixed when its entries close. */
export interface DrawPrize {
  prizeTitle: string;
  prizeDescription?: string | null;
  prizeValuePesewas?: number | null;
}

/**
 * The prize's fingerprint, published when entries close: SHA-256 of the hashes of its title, its
 * description ("" when none) and its value in pesewas (decimal, "" when none), joined by "|". Hashing
 * each field first keeps one field's text from passing for another's.
 */
export function prizeHash(prize: DrawPrize): string {
  const fields = [prize.prizeTitle, prize.prizeDescription ?? "", prize.prizeValuePesewas?.toString() ?? ""];
  return sha256Hex(fields.map(sha256Hex).join("|"));
}

/** Entries in the one order everyone uses: by member id, comparing UTF-16 code units. */
export function sortEntries(entries: readonly DrawEntryLine[]): DrawEntryLine[] {
  return [...entries].sort((a, b) => (a.member < b.member ? -1 : a.member > b.member ? 1 : 0));
}

/** "member:count" lines joined by "\n", entries already sorted. */
export function canonicalEntryList(sorted: readonly DrawEntryLine[]): string {
  return sorted.map((entry) => `${entry.member}:${entry.count}`).join("\n");
}

/**
 * The hash of the list frozen when entries closed: the entries the draw runs on and those left out at
 * the draw, together, in the one order.
 */
export function frozenEntriesHash(
  entries: readonly DrawEntryLine[],
  excluded: readonly DrawEntryLine[] = [],
): string {
  const frozen = sortEntries([...entries, ...excluded].map(({ member, count }) => ({ member, count })));
  return sha256Hex(canonicalEntryList(frozen));
}

/**
 * The winner as a function of the revealed seed, the optional public randomness and the sorted entry
 * list. Tickets are numbered from 0 in entry order; member k holds the `count` tickets after those of
 * the members before it. Entries left out at the draw (`excluded`) hold no ticket but stay in the hash
 * the draw key is made from, the one published when entries closed. Undefined when no ticket is left.
 */
export function drawWinner(
  seed: string,
  publicRandomness: string | null | undefined,
  entries: readonly DrawEntryLine[],
  excluded: readonly DrawEntryLine[] = [],
): DrawOutcome | undefined {
  const sorted = sortEntries(entries);
  const totalEntries = sorted.reduce((sum, entry) => sum + entry.count, 0);
  if (totalEntries === 0) return undefined;
  const entriesHash = frozenEntriesHash(sorted, excluded);
  const drawKey = sha256Hex(`${seed}|${publicRandomness ?? ""}|${entriesHash}`);
  const winningTicket = Number(BigInt(`0x${drawKey}`) % BigInt(totalEntries));
  let ticketsBefore = 0;
  for (const entry of sorted) {
    if (winningTicket < ticketsBefore + entry.count) {
      return { entriesHash, totalEntries, drawKey, winningTicket, winnerMember: entry.member };
    }
    ticketsBefore += entry.count;
  }
  throw new Error("unreachable: the ticket is below the total");
}

/** The parts of a draw record the check reads (the full record is `drawRecord` in contracts/draws). */
export interface VerifiableDrawRecord extends Partial<DrawPrize> {
  algorithm: string;
  /** The prize's fingerprint published when entries closed; null for a draw still open. */
  prizeHash?: string | null;
  commitment: string;
  seed: string | null;
  publicRandomness?: string | null;
  entries: DrawEntryLine[];
  /** Entries of the frozen list left out at the draw, with why (absent in records from before). */
  excluded?: ExcludedEntryLine[] | null;
  entriesHash?: string | null;
  totalEntries?: number | null;
  winningTicket?: number | null;
  winner?: { member: string } | null;
}

/**
 * Why a record does not hold: the key of the draw page's text that says so (the `rewards` screens'
 * catalog, in every language) and the values it names.
 */
export type DrawProblem =
  | { key: "draw.problem.algorithm"; values: { algorithm: string } }
  | { key: "draw.problem.seedHidden"; values?: undefined }
  | { key: "draw.problem.commitment"; values?: undefined }
  | { key: "draw.problem.prize"; values?: undefined }
  | { key: "draw.problem.winnerWithoutEntries"; values: { winner: string } }
  | { key: "draw.problem.entriesHash"; values?: undefined }
  | { key: "draw.problem.totalEntries"; values: { total: number; published: number } }
  | { key: "draw.problem.winningTicket"; values: { ticket: number; published: number } }
  | { key: "draw.problem.winner"; values: { winner: string; published: string } }
  | { key: "draw.problem.winnerNobody"; values: { winner: string } }
  | { key: "draw.problem.repeatedMember"; values: { member: string } }
  | { key: "draw.problem.entryCount"; values: { member: string; count: number; max: number } }
  | { key: "draw.problem.exclusionReason"; values: { member: string } };

export interface DrawCheck {
  holds: boolean;
  /** Why it does not hold, one each; empty when it holds. */
  problems: DrawProblem[];
  outcome?: DrawOutcome;
}

/** Re-runs a draw from its record and says whether every published value matches. */
export function verifyDrawRecord(record: VerifiableDrawRecord, maxCount = maxEntriesPerMember): DrawCheck {
  const problems: DrawProblem[] = [];
  if (record.algorithm !== drawAlgorithm) {
    problems.push({ key: "draw.problem.algorithm", values: { algorithm: record.algorithm } });
  }
  if (!record.seed) return { holds: false, problems: [...problems, { key: "draw.problem.seedHidden" }] };
  if (sha256Hex(record.seed) !== record.commitment) problems.push({ key: "draw.problem.commitment" });
  if (record.prizeHash != null && prizeHash({ prizeTitle: "", ...record }) !== record.prizeHash) {
    problems.push({ key: "draw.problem.prize" });
  }
  const excluded = record.excluded ?? [];
  problems.push(...entryListProblems([...record.entries, ...excluded], maxCount));
  for (const entry of excluded) {
    if (!(drawExclusionReasons as readonly string[]).includes(entry.reason)) {
      problems.push({ key: "draw.problem.exclusionReason", values: { member: entry.member } });
    }
  }
  const frozen = [...record.entries, ...excluded];
  // The list frozen when entries closed, left-out entries included, is the one its published hash covers.
  if (record.entriesHash != null && frozen.length > 0 && record.entriesHash !== frozenEntriesHash(frozen)) {
    problems.push({ key: "draw.problem.entriesHash" });
  }
  const outcome = drawWinner(record.seed, record.publicRandomness, record.entries, excluded);
  if (!outcome) {
    // Nobody entered (or everyone was left out): such a draw holds when it names no winner.
    if (record.winner) {
      problems.push({ key: "draw.problem.winnerWithoutEntries", values: { winner: record.winner.member } });
    }
    return { holds: problems.length === 0, problems };
  }
  if (record.totalEntries != null && record.totalEntries !== outcome.totalEntries) {
    problems.push({
      key: "draw.problem.totalEntries",
      values: { total: outcome.totalEntries, published: record.totalEntries },
    });
  }
  if (record.winningTicket != null && record.winningTicket !== outcome.winningTicket) {
    problems.push({
      key: "draw.problem.winningTicket",
      values: { ticket: outcome.winningTicket, published: record.winningTicket },
    });
  }
  if (record.winner?.member !== outcome.winnerMember) {
    problems.push(
      record.winner
        ? {
            key: "draw.problem.winner",
            values: { winner: outcome.winnerMember, published: record.winner.member },
          }
        : { key: "draw.problem.winnerNobody", values: { winner: outcome.winnerMember } },
    );
  }
  return { holds: problems.length === 0, problems, outcome };
}

function entryListProblems(entries: readonly DrawEntryLine[], maxCount: number): DrawProblem[] {
  const problems: DrawProblem[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    if (seen.has(entry.member)) {
      problems.push({ key: "draw.problem.repeatedMember", values: { member: entry.member } });
    }
    seen.add(entry.member);
    if (!Number.isInteger(entry.count) || entry.count < 1 || entry.count > maxCount) {
      problems.push({
        key: "draw.problem.entryCount",
        values: { member: entry.member, count: entry.count, max: maxCount },
      });
    }
  }
  return problems;
}

/**
 * `npm run verify-draw -- <record.json>`: checks a draw record exported from Anigye (the admin's
 * "Export record" or GET /api/draws/:id/record). Written from docs/draw-algorithm.md with Node's own
 * crypto, independently of the app's code, so it also checks that the document is exact enough.
 * Exit 0 when the record holds; 1 with the reasons when it doesn't; 2 when the file can't be read.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

interface RecordEntry {
  member: string;
  count: number;
}

interface DrawRecordFile {
  algorithm?: string;
  prizeTitle?: string;
  prizeDescription?: string | null;
  prizeValuePesewas?: number | null;
  prizeHash?: string | null;
  commitment?: string;
  seed?: string | null;
  publicRandomness?: string | null;
  entries?: RecordEntry[];
  /** Entries of the list frozen when entries closed that were left out at the draw: no tickets. */
  excluded?: (RecordEntry & { reason?: string })[] | null;
  entriesHash?: string | null;
  totalEntries?: number | null;
  winningTicket?: number | null;
  winner?: { member?: string } | null;
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** Returns the problems found; an empty list means the record holds. */
export function checkDrawRecord(record: DrawRecordFile): string[] {
  const problems: string[] = [];
  if (record.algorithm !== "anigye-draw-v1") problems.push(`unknown algorithm: ${record.algorithm}`);
  if (!record.seed) return [...problems, "the seed has not been revealed"];
  if (sha256(record.seed) !== record.commitment) problems.push("SHA-256(seed) is not the commitment");
  if (record.prizeHash != null) {
    const fields = [
      record.prizeTitle ?? "",
      record.prizeDescription ?? "",
      `${record.prizeValuePesewas ?? ""}`,
    ];
    if (sha256(fields.map(sha256).join("|")) !== record.prizeHash)
      problems.push("the prize is not the one fixed when entries closed (prizeHash)");
  }
  const byMember = (a: RecordEntry, b: RecordEntry) =>
    a.member < b.member ? -1 : a.member > b.member ? 1 : 0;
  const entries = [...(record.entries ?? [])].sort(byMember);
  const excluded = record.excluded ?? [];
  // The list frozen when entries closed: the entries drawn from and those left out at the draw.
  const frozen = [...entries, ...excluded].sort(byMember);
  const members = new Set(frozen.map((entry) => entry.member));
  if (members.size !== frozen.length) problems.push("a member appears twice in the entries");
  for (const entry of frozen) {
    if (!Number.isInteger(entry.count) || entry.count < 1 || entry.count > 10) {
      problems.push(`${entry.member} has ${entry.count} entries (1 to 10 allowed)`);
    }
  }
  for (const entry of excluded) {
    if (!["suspended", "deleted", "not_consumer"].includes(entry.reason ?? ""))
      problems.push(`${entry.member} is left out for no known reason (${entry.reason})`);
  }
  const entriesHash = sha256(frozen.map((entry) => `${entry.member}:${entry.count}`).join("\n"));
  if (record.entriesHash != null && frozen.length > 0 && entriesHash !== record.entriesHash)
    problems.push("the entries hash does not match");
  const total = entries.reduce((sum, entry) => sum + entry.count, 0);
  if (total === 0)
    return record.winner ? [...problems, "there are no entries, yet a winner is named"] : problems;
  if (record.totalEntries != null && total !== record.totalEntries)
    problems.push(`the entries add up to ${total}`);
  const key = sha256(`${record.seed}|${record.publicRandomness ?? ""}|${entriesHash}`);
  const ticket = Number(BigInt(`0x${key}`) % BigInt(total));
  if (record.winningTicket != null && ticket !== record.winningTicket)
    problems.push(`the winning ticket is ${ticket}`);
  let before = 0;
  let winner = "";
  for (const entry of entries) {
    if (ticket < before + entry.count) {
      winner = entry.member;
      break;
    }
    before += entry.count;
  }
  if (record.winner?.member !== winner)
    problems.push(`the winner is ${winner}, not ${record.winner?.member}`);
  return problems;
}

function main(file: string | undefined) {
  if (!file) {
    console.error("Usage: npm run verify-draw -- <record.json>");
    return 2;
  }
  let record: DrawRecordFile;
  try {
    record = JSON.parse(readFileSync(file, "utf8")) as DrawRecordFile;
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 2;
  }
  const problems = checkDrawRecord(record);
  if (problems.length > 0) {
    console.error(`The draw record does NOT hold:\n- ${problems.join("\n- ")}`);
    return 1;
  }
  const leftOut = record.excluded?.length
    ? ` (${record.excluded.length} left out at the draw: ${record.excluded.map((e) => `${e.member} ${e.reason}`).join(", ")})`
    : "";
  console.log(
    `The draw record holds: SHA-256(seed) matches the commitment and ${record.winner?.member} won${leftOut}.`,
  );
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = main(process.argv[2]);
}

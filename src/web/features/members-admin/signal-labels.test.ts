import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fraudSignalLabels, fraudSignalTypes } from "../../../shared/fraud-signals";
import { signalLabel } from "./signal-labels";

// Every fraud signal an admin can filter by or read about has a human label on the anti-cheat screens.

const serverDir = path.resolve(import.meta.dirname, "../../../server");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // The tables name the column (`event_type`), not a signal.
    if (entry.isDirectory()) return entry.name === "schema" ? [] : sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/**
 * The signal types the server's code records: the snake_case literals given as an `eventType` (a value,
 * or either side of a choice; not an argument, as in `reasons.includes("two_places_minutes_apart")`).
 */
function typesRecordedByTheServer(): Set<string> {
  const found = new Set<string>();
  for (const file of sourceFiles(serverDir)) {
    const text = readFileSync(file, "utf8");
    for (const use of text.matchAll(/eventType\b[^;]{0,200}/g)) {
      for (const literal of use[0].matchAll(/(?<!\()"([a-z]+(?:_[a-z]+)+)"/g)) found.add(literal[1]!);
    }
    // Watching flags a view through its own helper, naming the type first.
    for (const call of text.matchAll(/flagView\(\s*deps,\s*"([a-z_]+)"/g)) found.add(call[1]!);
  }
  return found;
}

describe("fraud signal labels", () => {
  it("name every type the server records in plain words, never the raw type", () => {
    const recorded = typesRecordedByTheServer();
    // The scan finds the known kinds (it would find nothing if the code stopped saying `eventType`).
    expect(recorded).toContain("watch_faster_than_real_time");
    expect(recorded).toContain("phone_checkin_many_shops");
    for (const type of recorded) {
      const label = signalLabel(type);
      expect(label, `the label of ${type}`).not.toBe(type.replaceAll("_", " "));
      expect(label, `the label of ${type}`).toMatch(/^[A-Z]/);
    }
  });

  it("has a label for each type the fraud module accepts, and shows an unknown older type as it is", () => {
    for (const type of fraudSignalTypes) expect(signalLabel(type)).toBe(fraudSignalLabels[type]);
    expect(new Set(Object.values(fraudSignalLabels)).size).toBe(fraudSignalTypes.length);
    expect(signalLabel("some_retired_signal")).toBe("some retired signal");
  });
});

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { accraDay, formatAccraDateTime, formatAccraMoment, formatAccraTime } from "./accra-time";

// Times read one way on every screen, message and page: "1:29 am", never "01:29 am" beside "1:30 am".

const srcDir = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("days in Accra", () => {
  it("change at midnight, whichever order the moments come in (a queued scan of last night after today's)", () => {
    expect(accraDay(new Date("2026-11-29T12:00:00Z"))).toBe("2026-11-29");
    expect(accraDay(new Date("2026-11-29T23:59:59.999Z"))).toBe("2026-11-29");
    expect(accraDay(new Date("2026-11-30T00:00:00Z"))).toBe("2026-11-30");
    expect(accraDay(new Date("2026-11-29T23:59:59.999Z"))).toBe("2026-11-29");
    expect(accraDay(new Date("2026-12-31T23:00:00Z"))).toBe("2026-12-31");
    expect(accraDay(new Date("2027-01-01T00:30:00Z"))).toBe("2027-01-01");
    expect(accraDay(new Date("2026-11-30T00:00:00.001Z"))).toBe("2026-11-30");
  });
});

describe("times of day in Accra", () => {
  const early = "2026-11-23T01:29:00.000Z";
  const afternoon = "2026-11-23T13:05:00.000Z";

  it("read as 1:29 am and 1:05 pm, alone, with the date and with the day", () => {
    expect(formatAccraTime(early)).toBe("1:29 am");
    expect(formatAccraTime(afternoon)).toBe("1:05 pm");
    expect(formatAccraDateTime(early)).toBe("23 Nov 2026, 1:29 am");
    expect(formatAccraMoment(Date.parse(early), Date.parse(afternoon))).toBe("1:29 am");
    expect(formatAccraMoment(Date.parse(early), Date.parse("2026-11-24T09:00:00Z"))).toBe("23 Nov, 1:29 am");
  });

  it("are formatted only here: no other file sets its own hour format", () => {
    const ownFormats = sourceFiles(srcDir)
      .filter((file) => !file.endsWith(`${path.sep}accra-time.ts`))
      .filter((file) =>
        /\bhour:\s*["'](numeric|2-digit)["']|\bhour(Cycle|12):|\btimeStyle:|toLocaleTimeString/.test(
          readFileSync(file, "utf8"),
        ),
      )
      .map((file) => path.relative(srcDir, file));
    expect(ownFormats).toEqual([]);
  });
});

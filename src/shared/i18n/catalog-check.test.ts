import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { optionalText, requiredEmail, requiredGhanaPhone, requiredText } from "../contracts/common";
import { fieldHelperMessages, screenCatalogProblems, staleMessageKeys } from "./catalog-check";
import { languageFromHeader } from "./languages";

const read = (file: string) =>
  JSON.parse(fs.readFileSync(new URL(`./catalogs/${file}`, import.meta.url), "utf8"));

describe("the language catalogs check", () => {
  it("passes the catalogs as they are", () => {
    const area = (name: string) => ({
      en: read(`screens/${name}.en.json`),
      tw: read(`screens/${name}.tw.json`),
    });
    for (const name of ["auth", "core", "counter", "discover", "profile", "rewards"]) {
      expect(screenCatalogProblems(area(name)), name).toEqual([]);
    }
    expect(screenCatalogProblems({ en: read("sms.en.json"), tw: read("sms.tw.json") })).toEqual([]);
  });

  it("finds every server message's Twi valid ICU, with the values its English names", () => {
    // The English is the key itself: "Stamp {current} of {required} for {name}."
    const twi: Record<string, string> = read("messages.tw.json");
    const english = Object.fromEntries(Object.keys(twi).map((message) => [message, message]));
    expect(screenCatalogProblems({ en: english, tw: twi })).toEqual([]);
  });

  it("names a key missing in either language, invalid ICU and a dropped value", () => {
    const problems = screenCatalogProblems({
      en: {
        "a.hello": "Hello {name}",
        "a.count": "{n, plural, one {# stamp} other {# stamps}}",
        "a.only": "x",
      },
      tw: { "a.hello": "Akwaaba", "a.count": "{n, plural, one {# stamp", "a.extra": "y" },
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        '"a.only" is missing in tw',
        '"a.extra" is missing in en',
        '"a.hello" in tw uses {}, en uses {name}',
        expect.stringContaining('tw: catalog message "a.count" is not valid ICU'),
      ]),
    );
  });

  it("finds Twi messages for English the code no longer says", () => {
    expect(staleMessageKeys({ "Still said": "a", "Gone now": "b" }, 'throw new Error("Still said")')).toEqual(
      ["Gone now"],
    );
  });

  it("knows the messages the contracts' field helpers build from a label, as the helpers say them", () => {
    const messagesOf = (schema: {
      safeParse(value: unknown): { error?: { issues: { message: string }[] } };
    }) =>
      [undefined, 42, "", "x".repeat(3000), "\u200b\u202e"].flatMap(
        (value) => schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [],
      );
    const said = [
      ...messagesOf(requiredText("Reason", 300)),
      ...messagesOf(requiredText("Receipt number")),
      ...messagesOf(optionalText("Note", 200)),
      ...messagesOf(requiredEmail()),
      ...messagesOf(requiredGhanaPhone("Payment phone")),
    ];
    const known = fieldHelperMessages(
      'a: requiredText("Reason", 300), b: requiredText("Receipt number"), c: optionalText("Note", 200), d: requiredEmail(), e: requiredGhanaPhone("Payment phone")',
    );
    expect(known).toHaveLength(12);
    expect(said).toEqual(expect.arrayContaining(known));
    expect(known).toContain("Reason is required");
    expect(known).toContain("Reason can't be only spaces or invisible characters");
    expect(
      staleMessageKeys({ "Reason must be at most 300 characters": "…" }, 'requiredText("Reason", 300)'),
    ).toEqual([]);
  });
});

describe("the language a request asks for", () => {
  it("takes the first of ours by weight, Twi by tw, ak or twi", () => {
    expect(languageFromHeader("tw")).toBe("tw");
    expect(languageFromHeader("ak-GH,en;q=0.5")).toBe("tw");
    expect(languageFromHeader("fr-FR,en;q=0.8,tw;q=0.9")).toBe("tw");
    expect(languageFromHeader("en-GB,en;q=0.9")).toBe("en");
    expect(languageFromHeader("fr, de")).toBeNull();
    expect(languageFromHeader("tw;q=0, en")).toBe("en");
    expect(languageFromHeader(undefined)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import twiMessages from "../../shared/i18n/catalogs/messages.tw.json";
import { sayingText, translateMessage } from "./i18n";

/** The catalog's Twi with its `{values}` filled in (read, so a reviewer's correction keeps this passing). */
function twiOf(message: string, values: Record<string, string | number> = {}): string {
  const twi = (twiMessages as Record<string, string>)[message];
  expect(twi, message).toBeDefined();
  return twi!.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

describe("the server's messages in the language asked for", () => {
  it("fills a message's values, in English word for word and in Twi from the catalog", () => {
    const entry = "{points} points for {name} — and a prize-draw entry!";
    expect(translateMessage(entry, "en", { points: 4000, name: "Ama" })).toBe(
      "4000 points for Ama — and a prize-draw entry!",
    );
    expect(translateMessage(entry, "tw", { points: 40, name: "Ama" })).toBe(
      twiOf(entry, { points: 40, name: "Ama" }),
    );
    // Values are never read as ICU themselves.
    expect(translateMessage("{reward}: expired.", "en", { reward: "Jollof {special}" })).toBe(
      "Jollof {special}: expired.",
    );
    const saying = { message: "Redeemed: {reward}.", values: { reward: "10% off" } };
    expect(sayingText(saying, "en")).toBe("Redeemed: 10% off.");
    expect(sayingText(saying, "tw")).toBe(twiOf(saying.message, saying.values));
  });

  it("says a message the catalog lacks in English, and a plain message by looking it up", () => {
    expect(translateMessage("Nothing here for {name}.", "tw", { name: "Kofi" })).toBe(
      "Nothing here for Kofi.",
    );
    expect(translateMessage("You have been logged out.", "tw")).toBe(twiOf("You have been logged out."));
    expect(translateMessage("You have been logged out.", "en")).toBe("You have been logged out.");
  });
});

import { describe, expect, it } from "vitest";
import { displayNameSchema } from "./auth";
import { hasVisibleCharacter, optionalText, requiredText } from "./common";

const invisibleOnly = [
  "\u202e", // right-to-left override
  "\u200b\u200b", // zero-width spaces
  "\u200d\u200c\u2060\ufeff", // joiners, word joiner, byte-order mark
  "\u3164\u115f", // Hangul fillers (letters that draw nothing)
  "\u2800", // blank Braille pattern
  "\u00a0\u2003\u3000", // no-break, em and ideographic spaces
  "\ufe0f\u034f", // a variation selector, the combining grapheme joiner
  " \u202e \u200b ",
];

describe("text a reader can see", () => {
  it("is any letter, digit, mark of punctuation or symbol, in any script, invisible ones around it or not", () => {
    for (const text of ["Osu", "7", "!", "🍲", "Kɔkɔɔ", "أكرا", "\u202eOsu", "Osu\u200b", "❤️"]) {
      expect(hasVisibleCharacter(text), JSON.stringify(text)).toBe(true);
    }
    for (const text of ["", ...invisibleOnly]) {
      expect(hasVisibleCharacter(text), JSON.stringify(text)).toBe(false);
    }
  });

  it("is what a required name needs, said by name; an optional text of nothing visible is left out", () => {
    const name = requiredText("Branch name", 80);
    for (const text of invisibleOnly) {
      // Spaces alone trim to nothing: that is a name not given.
      const said = text.trim() ? "can't be only spaces or invisible characters" : "is required";
      expect(name.safeParse(text).error?.issues.map((issue) => issue.message)).toEqual([
        `Branch name ${said}`,
      ]);
    }
    expect(name.safeParse("").error?.issues.map((issue) => issue.message)).toEqual([
      "Branch name is required",
    ]);
    expect(name.parse("  Osu  ")).toBe("Osu");
    expect(optionalText("Description").parse("\u200b\u202e")).toBeUndefined();
    expect(optionalText("Description").parse("Jollof")).toBe("Jollof");
    expect(displayNameSchema.safeParse("\u200b\u200b\u200b").error?.issues[0]?.message).toBe(
      "Full name can't be only spaces or invisible characters",
    );
    expect(displayNameSchema.parse("Ama Mensah")).toBe("Ama Mensah");
  });
});

import { describe, expect, it } from "vitest";
import { fillIn } from "./page-texts";

describe("fillIn", () => {
  it("puts each value in its place and leaves unknown names as they are", () => {
    expect(
      fillIn("Latest prize draw: {title} (won by {winner}) {other}", {
        title: "November draw",
        winner: "Ama",
      }),
    ).toBe("Latest prize draw: November draw (won by Ama) {other}");
  });

  it("never reads a value's own braces as another placeholder", () => {
    expect(fillIn("{title}", { title: "{winner}", winner: "Ama" })).toBe("{winner}");
  });
});

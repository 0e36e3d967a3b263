import { describe, expect, it } from "vitest";
import { pointsFormDefaults, pointsFormSchema } from "./points-form-rules";

const parse = (values: Partial<typeof pointsFormDefaults>) =>
  pointsFormSchema.safeParse({ ...pointsFormDefaults, ...values });

describe("pointsFormSchema", () => {
  it("turns the boxes into the point grant request, blanks left out", () => {
    const parsed = parse({
      qrData: " k7m-4qx ",
      points: "20",
      purchaseAmount: "GH₵ 45.50",
      transactionNote: " ",
    });
    expect(parsed.success && parsed.data).toEqual({
      qrData: "k7m-4qx",
      points: 20,
      purchaseAmount: 45.5,
      transactionNote: undefined,
    });
  });

  it("uses the contract's own messages", () => {
    const messages = (values: Partial<typeof pointsFormDefaults>) => {
      const parsed = parse(values);
      return parsed.success
        ? []
        : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    };
    expect(messages({ points: "20" })).toEqual(["qrData: QR code is required"]);
    expect(messages({ qrData: "K7M4QX", points: "" })).toEqual(["points: Points must be a number"]);
    expect(messages({ qrData: "K7M4QX", points: "101" })).toEqual([
      "points: Points must be between 1 and 100",
    ]);
    expect(messages({ qrData: "K7M4QX", points: "5", purchaseAmount: "12.345" })).toEqual([
      "purchaseAmount: Purchase amount can have at most 2 decimal places",
    ]);
  });
});

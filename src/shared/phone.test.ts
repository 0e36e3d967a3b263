import fullMetadata from "libphonenumber-js/metadata.min.json" with { type: "json" };
import { describe, expect, it } from "vitest";
import { ghanaPhoneMetadata } from "./ghana-phone-metadata";
import { normaliseGhanaMobile, normaliseGhanaPhone } from "./phone";

describe("normaliseGhanaPhone", () => {
  it("reads the Ghanaian formats (docs/product-rules.md#conventions-ghana-phone) and stores E.164", () => {
    for (const input of [
      "024 123 4567",
      "0241234567",
      "+233 24 123 4567",
      "233241234567",
      "(024) 123-4567",
    ]) {
      expect(normaliseGhanaPhone(input), input).toBe("+233241234567");
    }
    expect(normaliseGhanaPhone("020 555 7788")).toBe("+233205557788");
  });

  it("refuses what is not a valid Ghana number", () => {
    for (const input of [
      "12345",
      "024 123 456",
      "0241234567890",
      "+44 20 7946 0958",
      "+1 202 555 0143",
      "",
    ]) {
      expect(normaliseGhanaPhone(input), input).toBeUndefined();
    }
  });

  it("uses Ghana's metadata exactly as libphonenumber-js ships it", () => {
    expect(ghanaPhoneMetadata).toEqual({
      version: fullMetadata.version,
      country_calling_codes: { "233": fullMetadata.country_calling_codes["233"] },
      countries: { GH: fullMetadata.countries.GH },
    });
  });
});

describe("normaliseGhanaMobile", () => {
  it("takes mobile numbers (02x, 05x) in E.164 and refuses landlines and other countries", () => {
    expect(normaliseGhanaMobile("024 123 4567")).toBe("+233241234567");
    expect(normaliseGhanaMobile("+233 55 123 4567")).toBe("+233551234567");
    expect(normaliseGhanaMobile("030 212 3456")).toBeUndefined();
    expect(normaliseGhanaMobile("+44 20 7946 0958")).toBeUndefined();
    expect(normaliseGhanaMobile("not a number")).toBeUndefined();
  });
});

import type { MetadataJson } from "libphonenumber-js/core";

/**
 * Ghana's entry of libphonenumber-js's "min" metadata, and nothing else: the whole file (every country)
 * costs phones about 20 KB of gzipped JavaScript on each page with a phone field, and only Ghana numbers
 * are accepted. `phone.test.ts` fails when a libphonenumber-js upgrade changes Ghana's entry; copy the
 * new one from `libphonenumber-js/metadata.min.json` then.
 */
export const ghanaPhoneMetadata: MetadataJson = {
  version: 4,
  country_calling_codes: { "233": ["GH"] },
  countries: {
    GH: [
      "233",
      "00",
      "[235]\\d{8}|800\\d{5,6}",
      [8, 9],
      [
        ["(\\d{3})(\\d{5})", "$1 $2", ["8"], "0$1"],
        ["(\\d{2})(\\d{3})(\\d{4})", "$1 $2 $3", ["[2358]"], "0$1"],
      ],
      "0",
    ],
  },
} as unknown as MetadataJson;

/**
 * The countries the platform can serve, each with a box around it (south to north, west to east, a
 * little wider than the country): a business's or a branch's pin must fall in the box of a country the
 * `served_countries` setting names (docs/product-rules.md#businesses-pins-in-served-countries). A box is
 * coarse on purpose: it stops a pin at (0, 0) in the ocean or on another continent, not one a few
 * kilometres over a border.
 */
export const countryAreas = {
  GH: { name: "Ghana", latitude: [4.5, 11.2], longitude: [-3.3, 1.3] },
  TG: { name: "Togo", latitude: [6.0, 11.2], longitude: [-0.2, 1.9] },
  CI: { name: "Côte d'Ivoire", latitude: [4.3, 10.8], longitude: [-8.7, -2.4] },
  BF: { name: "Burkina Faso", latitude: [9.3, 15.1], longitude: [-5.6, 2.5] },
} as const satisfies Record<string, CountryArea>;

interface CountryArea {
  name: string;
  latitude: readonly [number, number];
  longitude: readonly [number, number];
}

export type CountryCode = keyof typeof countryAreas;

function isCountryCode(code: string): code is CountryCode {
  return Object.hasOwn(countryAreas, code);
}

/** "GH", "gh, tg" or "GH TG" → "GH, TG"; undefined when a code isn't one of `countryAreas`. */
export function normaliseCountryList(text: string): string | undefined {
  const codes = text
    .toUpperCase()
    .split(/[\s,;]+/)
    .filter(Boolean);
  if (codes.length === 0 || !codes.every(isCountryCode)) return undefined;
  return [...new Set(codes)].join(", ");
}

/** The countries a stored list names (a valid one, as `normaliseCountryList` wrote it). */
export function countriesOf(list: string): CountryCode[] {
  return list.split(", ").filter(isCountryCode);
}

/** Whether a pin lies in the box of one of these countries. */
export function pinIsIn(countries: readonly CountryCode[], latitude: number, longitude: number): boolean {
  return countries.some((code) => {
    const area: CountryArea = countryAreas[code];
    return (
      latitude >= area.latitude[0] &&
      latitude <= area.latitude[1] &&
      longitude >= area.longitude[0] &&
      longitude <= area.longitude[1]
    );
  });
}

/** "Ghana", "Ghana or Togo", "Ghana, Togo or Côte d'Ivoire". */
export function countryNames(countries: readonly CountryCode[]): string {
  const names = countries.map((code) => countryAreas[code].name);
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

/** What the admin screen says the setting accepts: "GH (Ghana), TG (Togo), …". */
export const knownCountries = Object.entries(countryAreas)
  .map(([code, area]) => `${code} (${area.name})`)
  .join(", ");

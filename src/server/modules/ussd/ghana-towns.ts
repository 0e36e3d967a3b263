/*
 * Ghana's sixteen regions and their main towns with a centre point, for "Shops near me" by USSD
 * (docs/product-rules.md#ussd-shops-near-me): a shop is in the town its branch's pin is nearest to
 * (within `townRadiusKm`), else in the town its business names as its city.
 */

export interface Town {
  name: string;
  region: string;
  lat: number;
  lng: number;
}

/** A pin further than this from every town is in none (its business's city decides). */
export const townRadiusKm = 40;

const byRegion: Record<string, [string, number, number][]> = {
  "Greater Accra": [
    ["Accra", 5.6037, -0.187],
    ["Tema", 5.6698, -0.0166],
    ["Madina", 5.6683, -0.166],
  ],
  Ashanti: [
    ["Kumasi", 6.6885, -1.6244],
    ["Obuasi", 6.2023, -1.664],
    ["Ejisu", 6.7167, -1.4667],
  ],
  Northern: [
    ["Tamale", 9.4034, -0.8424],
    ["Yendi", 9.4427, -0.0099],
  ],
  Central: [
    ["Cape Coast", 5.1053, -1.2466],
    ["Kasoa", 5.5345, -0.4168],
    ["Winneba", 5.3511, -0.6231],
  ],
  Western: [
    ["Takoradi", 4.8975, -1.7603],
    ["Tarkwa", 5.3006, -1.995],
  ],
  Eastern: [
    ["Koforidua", 6.0941, -0.2591],
    ["Nkawkaw", 6.55, -0.7667],
  ],
  Volta: [
    ["Ho", 6.6008, 0.4713],
    ["Hohoe", 7.1519, 0.4736],
  ],
  "Upper East": [
    ["Bolgatanga", 10.7856, -0.8514],
    ["Bawku", 11.0616, -0.2417],
  ],
  "Upper West": [["Wa", 10.0601, -2.5099]],
  Bono: [
    ["Sunyani", 7.3349, -2.3123],
    ["Berekum", 7.4534, -2.584],
  ],
  "Bono East": [
    ["Techiman", 7.5862, -1.9381],
    ["Kintampo", 8.0563, -1.7306],
  ],
  Ahafo: [["Goaso", 6.8036, -2.5172]],
  "Western North": [["Sefwi Wiawso", 6.2054, -2.4847]],
  Oti: [["Dambai", 8.0663, 0.1795]],
  Savannah: [["Damongo", 9.083, -1.8185]],
  "North East": [["Nalerigu", 10.5275, -0.3692]],
};

export const regions = Object.keys(byRegion);

export const towns: Town[] = Object.entries(byRegion).flatMap(([region, list]) =>
  list.map(([name, lat, lng]) => ({ name, region, lat, lng })),
);

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(h));
}

/** The town a shop is in: the nearest to its pin within the radius, else the one its city names. */
export function townOf(pin: { lat: number; lng: number } | null, city: string | null): Town | undefined {
  if (pin) {
    let best: { town: Town; km: number } | undefined;
    for (const town of towns) {
      const km = distanceKm(pin, town);
      if (km <= townRadiusKm && (!best || km < best.km)) best = { town, km };
    }
    if (best) return best.town;
  }
  const named = city?.trim().toLowerCase();
  return named ? towns.find((town) => town.name.toLowerCase() === named) : undefined;
}

import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activateLanguage } from "./language";
import { usePlaceNames } from "./place-names";

// What the platform calls a business (category, subcategory, city) and the day words of its typed opening
// hours, in the chosen language; everything else stays as the business typed it.

function Names({ hours, category, subcategory, city }: Record<string, string>) {
  const places = usePlaceNames();
  return (
    <p>
      {places.openingHours(hours!)}|{places.category(category!)}|{places.subcategory(subcategory!)}|
      {places.city(city!)}
    </p>
  );
}

const say = (values: Record<string, string>) =>
  renderToStaticMarkup(<Names {...values} />)
    .replaceAll("<!-- -->", "")
    .replaceAll("&amp;", "&")
    .replace(/^<p>|<\/p>$/g, "");

const business = {
  hours: "Mon–Sat 8:00–18:00, SUNDAY closed; Sunset walks daily",
  category: "Fashion & Beauty",
  subcategory: "Makeup & Skincare",
  city: "Cape Coast",
};

describe("a business's names and hours", () => {
  it("stay exactly as they are in English", () => {
    expect(say(business)).toBe(
      "Mon–Sat 8:00–18:00, SUNDAY closed; Sunset walks daily|Fashion & Beauty|Makeup & Skincare|Cape Coast",
    );
  });

  describe("in Twi", () => {
    beforeAll(() => activateLanguage("tw"));
    afterAll(() => activateLanguage("en"));

    it("name the days, the category, the subcategory and the city in Twi, whole words only", () => {
      expect(say(business)).toBe(
        "Dwoada–Memeneda 8:00–18:00, Kwasiada Yɛato mu; Sunset walks Da biara|Ntadeɛ ne Ahoɔfɛ|Ahosiesie ne honam ho hwɛ|Oguaa",
      );
    });

    it("show a name outside the catalogue as it is", () => {
      expect(say({ hours: "By appointment", category: "Boats", subcategory: "Canoes", city: "Elmina" })).toBe(
        "By appointment|Boats|Canoes|Elmina",
      );
    });
  });
});

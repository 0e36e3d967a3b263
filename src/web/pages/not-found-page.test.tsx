import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import profileInTwi from "../../shared/i18n/catalogs/screens/profile.tw.json";
import { activateLanguage } from "../lib/language";
import NotFoundPage from "./not-found-page";

const render = () =>
  renderToStaticMarkup(
    <MemoryRouter>
      <NotFoundPage />
    </MemoryRouter>,
  ).replaceAll("&#x27;", "'");

describe("the not-found page in English", () => {
  it("stays word for word as it was", () => {
    const html = render();
    expect(html).toContain(">Page not found</h1>");
    expect(html).toContain("We couldn't find that page. It may have moved, or the link may be wrong.");
    expect(html).toContain("Back to home");
  });
});

describe("the not-found page in Twi", () => {
  beforeAll(() => activateLanguage("tw"));
  afterAll(() => activateLanguage("en"));

  it("speaks Twi", () => {
    const html = render();
    expect(html).toContain(`>${profileInTwi["notFound.title"]}</h1>`);
    expect(html).toContain(profileInTwi["notFound.text"]);
    expect(html).toContain(profileInTwi["notFound.home"]);
    expect(html).not.toContain("Page not found");
  });
});

import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brand } from "../../shared/brand";
import { activateLanguage, translate, type UiKey } from "../lib/language";
import QrScannerPage, { notAPoster } from "./qr-scanner-page";

// The poster scanner a member opens to scan a shop's poster, in the language chosen.

const inMarkup = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");
const text = (key: UiKey, values?: Record<string, unknown>) => inMarkup(translate(key, values));

const renderScanner = () =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={["/qr-scanner"]}>
      <QrScannerPage />
    </MemoryRouter>,
  );

describe("the poster scanner in English", () => {
  it("reads word for word as before", () => {
    const html = renderScanner();
    expect(html).toContain("Scan a shop&#x27;s poster");
    expect(html).toContain(
      `Point your camera at the ${brand.name} poster in a shop to see its loyalty card, offers and directions.`,
    );
    expect(html).toContain('aria-label="Camera: hold the shop&#x27;s poster QR inside the square"');
    expect(html).toContain('aria-label="Shop number"');
    expect(html).toContain(">Shop number</label>");
    expect(html).toContain(">Open</button>");
    expect(html).toContain("It&#x27;s printed under the QR, at the end of the web address (…?shop=12).");
    expect(html).toContain(
      "Scanning a poster only opens the shop&#x27;s page. To collect a stamp, show your own QR to the staff at the counter.",
    );
  });

  it("says what a scanned code that is not a poster is", () => {
    expect(notAPoster(translate, "ANIGYE-M-123")).toBe(
      "That's a customer's code: staff scan it at the counter. Scan the shop's poster instead.",
    );
    expect(notAPoster(translate, "https://example.com")).toBe(
      `That code isn't a ${brand.name} shop poster. Look for the poster with the ${brand.name} name at the counter.`,
    );
  });
});

describe("the poster scanner in Twi", () => {
  beforeAll(() => activateLanguage("tw"));
  afterAll(() => activateLanguage("en"));

  it("shows the catalog's Twi and none of the English", () => {
    const html = renderScanner();
    expect(html).toContain(text("posterScan.heading"));
    expect(html).toContain(text("posterScan.intro", { brand: brand.name }));
    expect(html).toContain(`aria-label="${text("posterScan.cameraLabel")}"`);
    expect(html).toContain(`>${text("posterScan.shopNumber")}</label>`);
    expect(html).toContain(`>${text("posterScan.open")}</button>`);
    expect(html).toContain(text("posterScan.shopHint"));
    expect(html).toContain(text("posterScan.onlyOpens"));
    expect(html).not.toContain("Scan a shop&#x27;s poster");
    expect(html).not.toContain("Shop number");
    expect(html).not.toContain("Scanning a poster");
  });

  it("says in Twi what a scanned code that is not a poster is", () => {
    expect(notAPoster(translate, "ANIGYE-R-9")).toBe(translate("posterScan.customerCode"));
    expect(notAPoster(translate, "hello")).toBe(translate("posterScan.notPoster", { brand: brand.name }));
    expect(translate("posterScan.customerCode")).not.toContain("customer's code");
  });
});

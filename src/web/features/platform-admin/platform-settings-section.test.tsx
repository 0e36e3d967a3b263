import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SettingItem } from "../../../shared/contracts/admin";
import { PlatformSettingsList } from "./platform-settings-section";

const common = { updatedAt: null, fromEnvironment: false } as const;
const settings: SettingItem[] = [
  {
    ...common,
    key: "momo_merchant_number",
    group: "manual_momo",
    type: "text",
    description: "MoMo number",
    value: "+233245551234",
    defaultValue: "",
    min: 10,
    max: 20,
  },
  {
    ...common,
    key: "momo_merchant_name",
    group: "manual_momo",
    type: "text",
    description: "MoMo account name",
    value: "Env Merchant",
    defaultValue: "",
    min: 2,
    max: 60,
    fromEnvironment: true,
  },
  {
    ...common,
    key: "xp_stamp",
    group: "xp",
    type: "number",
    description: "XP for each loyalty stamp",
    value: 5,
    defaultValue: 5,
    min: 0,
    max: 1000,
  },
];

function render(list: SettingItem[]) {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <PlatformSettingsList settings={list} />
    </QueryClientProvider>,
  );
}

describe("PlatformSettingsList", () => {
  it("groups the settings under headings in the screen's order, whatever order they arrive in", () => {
    const html = render(settings);
    expect(html.indexOf(">XP</h3>")).toBeGreaterThan(-1);
    expect(html.indexOf(">XP</h3>")).toBeLessThan(html.indexOf(">Manual MoMo</h3>"));
    expect(html).not.toContain(">Draws</h3>");
  });

  it("gives numbers a number box and text a text box, and locks what the environment sets", () => {
    const html = render(settings);
    const row = (key: string) => {
      const start = html.indexOf(`data-testid="setting-${key}"`);
      return html.slice(start, html.indexOf("</li>", start));
    };
    expect(row("xp_stamp")).toMatch(/type="number"/);
    expect(row("momo_merchant_number")).toMatch(/type="text"/);
    expect(row("momo_merchant_number")).toContain("Save");
    expect(row("momo_merchant_number")).toContain("Not set by default; 10 to 20 characters.");
    expect(row("momo_merchant_name")).toMatch(/disabled=""/);
    expect(row("momo_merchant_name")).toContain("Set by the server&#x27;s environment");
    expect(row("momo_merchant_name")).not.toContain("Save");
  });
});

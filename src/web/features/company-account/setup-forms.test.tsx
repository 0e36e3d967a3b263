import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CompanySetupForm } from "./setup-forms";

// The business username chosen at setup is also what counter staff type to sign in at the counter
// (with their name and PIN): the hint says so, rather than that staff never see it.

describe("the company setup form", () => {
  it("says the staff sign in with the username it asks for", () => {
    const html = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <CompanySetupForm token="setup-token" onSignedIn={() => {}} />
      </QueryClientProvider>,
    ).replaceAll("&#x27;", "'");

    expect(html).toContain(
      "3 to 30 letters, numbers, dots, dashes or underscores. Your counter staff sign in with it too (with their name and PIN), so keep it easy to type; your password stays yours.",
    );
    expect(html).not.toContain("never see it");
  });
});

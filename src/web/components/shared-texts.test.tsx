import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createFormControl, FormProvider, useForm } from "react-hook-form";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brand } from "../../shared/brand";
import messagesInTwi from "../../shared/i18n/catalogs/messages.tw.json";
import coreInEnglish from "../../shared/i18n/catalogs/screens/core.en.json";
import coreInTwi from "../../shared/i18n/catalogs/screens/core.tw.json";
import { LogoCarousel } from "../features/public/logo-carousel";
import { activateLanguage } from "../lib/language";
import { queryKeys } from "../lib/query-keys";
import { ErrorBoundary } from "./error-fallback";
import { FormActions } from "./form-actions";
import { ImageField } from "./image-field";
import { QrCamera } from "./qr-camera";
import { Dialog } from "./ui/dialog";
import { PageSpinner } from "./ui/page-spinner";

// The shared components' own words (their defaults, the ones no screen passes in) follow the language
// chosen: a consumer or counter screen in Twi shows none of them in English.

type CoreKey = keyof typeof coreInTwi;

/** A core text as the catalog has it, HTML-escaped as the markup carries it. */
const inMarkup = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");
const twi = (key: CoreKey) => inMarkup(coreInTwi[key]);
const english = (key: CoreKey) => inMarkup(coreInEnglish[key]);

function withQueries(children: ReactNode, companies?: { id: number; name: string; logo: string }[]) {
  const client = new QueryClient();
  if (companies) client.setQueryData(queryKeys.public.carousel, companies);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const logos = [{ id: 1, name: "Auntie Muni's Waakye", logo: "/logo.webp" }];

/** The card a render error leaves, drawn from the boundary as React would after the error. */
function errorCard(error: Error) {
  const boundary = new ErrorBoundary({ children: null });
  boundary.state = { error };
  return renderToStaticMarkup(boundary.render());
}

function ImageFieldWithError({ message }: { message: string }) {
  const control = createFormControl<{ proofImage: string }>({ defaultValues: { proofImage: "" } });
  control.setError("proofImage", { message });
  const form = useForm<{ proofImage: string }>({ formControl: control.formControl });
  return (
    <FormProvider {...form}>
      <ImageField
        name="proofImage"
        label="Screenshot"
        hint="A screenshot of your post."
        preparingText="Preparing…"
        previewAlt="Your screenshot"
        previewMaxHeight="max-h-40"
      />
    </FormProvider>
  );
}

const shared = () => ({
  formActions: renderToStaticMarkup(
    <FormActions submitLabel="Send" pending={false} pendingLabel="Sending…" onCancel={() => {}} />,
  ),
  spinner: renderToStaticMarkup(<PageSpinner />),
  dialog: renderToStaticMarkup(
    <Dialog open title="Share" onClose={() => {}}>
      …
    </Dialog>,
  ),
  camera: renderToStaticMarkup(<QrCamera onCode={() => {}} />),
  carouselLoading: renderToStaticMarkup(withQueries(<LogoCarousel />)),
  carousel: renderToStaticMarkup(withQueries(<LogoCarousel />, logos)),
  error: errorCard(new Error("boom")),
  chunkError: errorCard(new Error("Failed to fetch dynamically imported module")),
});

describe("the shared components' own words in English", () => {
  it("stay word for word as they were", () => {
    const html = shared();
    expect(html.formActions).toContain(">Cancel</button>");
    expect(html.spinner).toContain('aria-label="Loading"');
    expect(html.dialog).toContain('aria-label="Close"');
    expect(html.camera).toContain('aria-label="Camera"');
    expect(html.camera).toContain("Opening the camera…");
    expect(html.carouselLoading).toContain("Trusted by Local Businesses");
    expect(html.carouselLoading).toContain('aria-label="Loading businesses"');
    expect(html.carousel).toContain("Pause logos");
    expect(html.error).toContain("Something went wrong");
    expect(html.error).toContain("We encountered an unexpected error. Please try refreshing the page.");
    expect(html.error).toContain(">Try Again</button>");
    expect(html.chunkError).toContain(
      inMarkup(
        `This page couldn't load. Check your connection; if ${brand.name} was just updated, Try Again loads the new version.`,
      ),
    );
  });
});

describe("the shared components' own words in Twi", () => {
  beforeAll(() => activateLanguage("tw"));
  afterAll(() => activateLanguage("en"));

  it("are all in Twi, none left in English", () => {
    const html = shared();
    expect(html.formActions).toContain(`>${twi("common.cancel")}</button>`);
    expect(html.spinner).toContain(`aria-label="${twi("common.loading")}"`);
    expect(html.dialog).toContain(`aria-label="${twi("common.close")}"`);
    expect(html.camera).toContain(`aria-label="${twi("camera.label")}"`);
    expect(html.camera).toContain(twi("camera.opening"));
    expect(html.carouselLoading).toContain(twi("landing.carouselTitle"));
    expect(html.carouselLoading).toContain(`aria-label="${twi("landing.carouselLoading")}"`);
    expect(html.carousel).toContain(twi("landing.pauseLogos"));
    expect(html.error).toContain(twi("error.title"));
    expect(html.error).toContain(twi("error.text"));
    expect(html.error).toContain(`>${twi("error.tryAgain")}</button>`);
    expect(html.chunkError).toContain(inMarkup(coreInTwi["error.chunkText"].replace("{brand}", brand.name)));

    const all = Object.values(html).join("\n");
    for (const key of [
      "common.cancel",
      "common.loading",
      "common.close",
      "camera.label",
      "camera.opening",
      "landing.carouselTitle",
      "landing.carouselLoading",
      "landing.pauseLogos",
      "error.title",
      "error.text",
      "error.tryAgain",
    ] as const) {
      expect(all, key).not.toContain(english(key));
      expect(twi(key), key).not.toBe(english(key));
    }
  });

  it("shows a picture field's contract message in Twi", () => {
    const message = "Add the link to your post or a screenshot of it";
    const html = renderToStaticMarkup(<ImageFieldWithError message={message} />);
    expect(html).toContain(inMarkup((messagesInTwi as Record<string, string>)[message]!));
    expect(html).not.toContain(message);
  });
});

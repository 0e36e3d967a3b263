import type { DrawSummary, DrawsListResponse } from "../../shared/contracts/draws";
import type { CarouselCompany, PublicStats } from "../../shared/contracts/public";
import { drawPath } from "../app/paths";
import { element, icon } from "./dom";
import { fillIn, type SignedOutTexts } from "./page-texts";

/**
 * The landing's moving parts without the app: its live counters, the strip of the businesses' logos and
 * the link to the latest prize draw. What each shows is kept here, so a page swapped for another
 * language (`language-choice.ts`) shows it again at once (`showLandingParts`).
 */
const statsRefreshMs = 10_000;
// Repeated so the scrolling strip never shows a gap (as features/public/logo-carousel.tsx).
const logoRepeats = 4;

let stats: PublicStats | undefined;
let companies: CarouselCompany[] | undefined;
let latestDraw: DrawSummary | undefined;

async function readJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { "X-Requested-With": "anigye" }, credentials: "include" });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Starts the landing's parts, if this page is the landing; `texts()` reads the page's current texts. */
export function startLanding(texts: () => SignedOutTexts): void {
  if (!document.querySelector('[data-testid="stat-users"]')) return;
  void refreshStats();
  // As the app's query (refetchInterval): a page in the background asks nothing.
  setInterval(() => {
    if (document.visibilityState === "visible") void refreshStats();
  }, statsRefreshMs);
  readJson<CarouselCompany[]>("/api/companies/carousel").then(
    (answer) => {
      companies = answer;
      showLogos(texts());
    },
    () => {
      companies = [];
      showLogos(texts());
    },
  );
  readJson<DrawsListResponse>("/api/draws").then(
    (answer) => {
      latestDraw = answer.draws.find((draw) => draw.status === "drawn");
      showLatestDraw(texts());
    },
    () => undefined,
  );
}

export function showLandingParts(texts: SignedOutTexts): void {
  showStats();
  showLogos(texts);
  showLatestDraw(texts);
}

async function refreshStats() {
  try {
    stats = await readJson<PublicStats>("/api/stats/public");
    showStats();
  } catch {
    // The counters keep what they showed; the next round asks again.
  }
}

let numberFormat: Intl.NumberFormat | undefined;

function showStats() {
  if (!stats) return;
  numberFormat ??= new Intl.NumberFormat("en-GH");
  const shown = { "stat-users": stats.totalUsers, "stat-companies": stats.totalCompanies };
  for (const [testId, value] of Object.entries(shown)) {
    const counter = document.querySelector(`[data-testid="${testId}"]`);
    if (counter) counter.textContent = numberFormat.format(value);
  }
}

/** The strip in place of its placeholders: the logos moving, with a button that stops them (WCAG 2.2.2). */
function showLogos(texts: SignedOutTexts) {
  const placeholders = document.querySelector('[data-testid="carousel-skeletons"]')?.parentElement;
  if (!companies || !placeholders) return;
  if (companies.length === 0) {
    placeholders.remove();
    return;
  }
  const strip = element("ul", {
    class: "flex w-max animate-marquee gap-6 px-3",
    "data-testid": "carousel-logos",
  });
  for (let round = 0; round < logoRepeats; round++) {
    for (const company of companies) {
      strip.append(
        element(
          "li",
          { class: "flex w-20 flex-col items-center gap-1", "aria-hidden": round > 0 ? "true" : undefined },
          // The name is printed underneath: the picture adds nothing for a screen reader.
          element("img", {
            src: company.logo,
            alt: "",
            width: "64",
            height: "64",
            loading: "lazy",
            decoding: "async",
            class: "size-16 rounded-2xl bg-white object-cover shadow-sm ring-1 ring-stone-200",
          }),
          element("span", { class: "line-clamp-1 text-center text-[11px] text-stone-600" }, company.name),
        ),
      );
    }
  }
  const pause = element("button", {
    type: "button",
    class:
      "inline-flex min-h-11 items-center gap-1 rounded-full px-4 text-xs font-medium text-stone-600 hover:bg-stone-100 focus-visible:ring-2 focus-visible:ring-amber-400 focus-visible:outline-none",
  });
  const showPaused = (paused: boolean) => {
    strip.style.animationPlayState = paused ? "paused" : "";
    pause.replaceChildren(
      icon(paused ? "play" : "pause", "size-3.5"),
      paused ? texts["landing.playLogos"] : texts["landing.pauseLogos"],
    );
  };
  pause.addEventListener("click", () => showPaused(strip.style.animationPlayState !== "paused"));
  showPaused(false);
  placeholders.replaceWith(
    element(
      "div",
      { class: "relative" },
      strip,
      element("div", { class: "mt-2 flex justify-center motion-reduce:hidden" }, pause),
    ),
  );
}

/** The newest drawn draw's public page, where anyone can see the winner; nothing until one is drawn. */
function showLatestDraw(texts: SignedOutTexts) {
  const slot = document.querySelector('[data-slot="latest-draw"]');
  if (!latestDraw || !slot) return;
  const text = latestDraw.winnerDisplayName
    ? fillIn(texts["landing.latestDrawWinner"], {
        title: latestDraw.title,
        winner: latestDraw.winnerDisplayName,
      })
    : fillIn(texts["landing.latestDraw"], { title: latestDraw.title });
  slot.replaceChildren(
    element(
      "p",
      { class: "mt-6 flex justify-center" },
      element(
        "a",
        {
          href: drawPath(latestDraw.kind, latestDraw.id),
          "data-testid": "latest-draw-link",
          class:
            "inline-flex min-h-11 items-center gap-2 rounded-xl bg-white/10 px-4 py-2 text-sm font-semibold text-white ring-1 ring-white/30 hover:bg-white/20",
        },
        icon("trophy", "size-4"),
        text,
      ),
    ),
  );
}

import { Pause, Play } from "lucide-react";
import { useState } from "react";
import { Skeleton } from "../../components/ui/skeleton";
import { useT } from "../../lib/i18n";
import { useCarouselCompanies } from "./api";

const skeletonCount = 12;
// Repeated so the scrolling strip never shows a gap.
const repeats = 4;

/** The moving strip of partner logos, with a pause button (moving content must be stoppable, WCAG 2.2.2). */
export function LogoCarousel({ title }: { title?: string }) {
  const { data: companies, isPending } = useCarouselCompanies();
  const t = useT();
  const [paused, setPaused] = useState(false);
  const list = companies ?? [];

  return (
    <section aria-labelledby="carousel-title" className="overflow-hidden py-6">
      <h2
        id="carousel-title"
        className="mb-4 text-center text-sm font-semibold uppercase tracking-wider text-stone-500"
      >
        {title ?? t("landing.carouselTitle")}
      </h2>
      {isPending ? (
        // As tall as the strip and its pause button, so nothing below moves when the logos arrive.
        <div>
          <ul
            className="flex gap-6 px-3"
            aria-label={t("landing.carouselLoading")}
            data-testid="carousel-skeletons"
          >
            {Array.from({ length: skeletonCount }, (_, i) => (
              <li key={i} className="flex w-20 shrink-0 flex-col items-center gap-1">
                <Skeleton className="size-16 rounded-2xl" />
                <span className="text-[11px]">&nbsp;</span>
              </li>
            ))}
          </ul>
          <div className="mt-2 min-h-11 motion-reduce:hidden" />
        </div>
      ) : list.length > 0 ? (
        <div className="relative">
          <ul
            className="flex w-max animate-marquee gap-6 px-3"
            style={paused ? { animationPlayState: "paused" } : undefined}
            data-testid="carousel-logos"
          >
            {Array.from({ length: repeats }).flatMap((_, round) =>
              list.map((company) => (
                <li
                  key={`${round}-${company.id}`}
                  aria-hidden={round > 0}
                  className="flex w-20 flex-col items-center gap-1"
                >
                  <img
                    src={company.logo}
                    // The name is printed underneath: the picture adds nothing for a screen reader.
                    alt=""
                    width={64}
                    height={64}
                    loading="lazy"
                    decoding="async"
                    className="size-16 rounded-2xl bg-white object-cover shadow-sm ring-1 ring-stone-200"
                  />
                  <span className="line-clamp-1 text-center text-[11px] text-stone-600">{company.name}</span>
                </li>
              )),
            )}
          </ul>
          <div className="mt-2 flex justify-center motion-reduce:hidden">
            <button
              type="button"
              onClick={() => setPaused((now) => !now)}
              className="inline-flex min-h-11 items-center gap-1 rounded-full px-4 text-xs font-medium text-stone-600 hover:bg-stone-100 focus-visible:ring-2 focus-visible:ring-amber-400 focus-visible:outline-none"
            >
              {paused ? (
                <Play className="size-3.5" aria-hidden />
              ) : (
                <Pause className="size-3.5" aria-hidden />
              )}
              {paused ? t("landing.playLogos") : t("landing.pauseLogos")}
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

import { useEffect } from "react";
import { Link, useParams } from "react-router";
import { brand } from "../../shared/brand";
import type { DrawKind } from "../../shared/contracts/draws";
import { paths } from "../app/paths";
import { buttonClass } from "../components/ui/button";
import { LoadError } from "../components/ui/load-error";
import { PageSpinner } from "../components/ui/page-spinner";
import { useDraw } from "../features/draws/api";
import { DrawView } from "../features/draws/draw-view";
import { ApiError } from "../lib/api-client";
import { useT } from "../lib/i18n";

function NoSuchDraw() {
  const t = useT();
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-stone-900">{t("draw.none.title")}</h1>
      <p className="mt-2 text-stone-600">{t("draw.none.text")}</p>
      <Link to={paths.home} className={buttonClass("primary", "mt-5")}>
        {t("draw.none.home")}
      </Link>
    </div>
  );
}

/**
 * `/draws/:id` and `/competitions/:id` (public, signed in or not): a draw's prize, its published
 * numbers and entries, and the result re-checked in the visitor's browser.
 */
export default function DrawPage({ kind }: { kind: DrawKind }) {
  const drawId = Number(useParams().id);
  const query = useDraw(kind, drawId);
  const title = query.data?.title;
  const t = useT();

  useEffect(() => {
    document.title = t("draw.docTitle", {
      title: title ?? t(kind === "competition" ? "draw.kind.competition" : "draw.kind.prizeDraw"),
      brand: brand.name,
    });
  }, [title, kind, t]);

  if (!Number.isInteger(drawId) || drawId <= 0) return <NoSuchDraw />;
  if (query.isPending) return <PageSpinner label={t("draw.loading")} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NoSuchDraw />;
    return <LoadError onRetry={() => void query.refetch()} />;
  }
  return <DrawView draw={query.data} />;
}

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

function NoSuchDraw() {
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-stone-900">No such draw</h1>
      <p className="mt-2 text-stone-600">The link may be wrong, or the draw was removed.</p>
      <Link to={paths.home} className={buttonClass("primary", "mt-5")}>
        Back to home
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

  useEffect(() => {
    document.title = `${title ?? (kind === "competition" ? "Competition" : "Prize draw")} · ${brand.name}`;
  }, [title, kind]);

  if (!Number.isInteger(drawId) || drawId <= 0) return <NoSuchDraw />;
  if (query.isPending) return <PageSpinner label="Loading the draw" />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NoSuchDraw />;
    return <LoadError onRetry={() => void query.refetch()} />;
  }
  return <DrawView draw={query.data} />;
}

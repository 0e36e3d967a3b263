import { Sparkles } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { brand } from "../../shared/brand";
import { paths } from "../app/paths";
import { RequireAuth } from "../components/require-auth";
import { Button, buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { LoadError } from "../components/ui/load-error";
import { PageSpinner } from "../components/ui/page-spinner";
import { useMoments } from "../features/moments/api";
import { MomentList } from "../features/moments/moment-list";

function Timeline() {
  const query = useMoments();
  const listRef = useRef<HTMLDivElement>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  const count = query.data?.pages.reduce((sum, page) => sum + page.items.length, 0) ?? 0;

  // After "Show older moments", focus the first moment that arrived (the button may be gone).
  useEffect(() => {
    if (focusFrom === null || count <= focusFrom) return;
    listRef.current?.querySelectorAll<HTMLElement>("li[tabindex]")[focusFrom]?.focus();
    setFocusFrom(null);
  }, [count, focusFrom]);

  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  const moments = query.data.pages.flatMap((page) => page.items);
  if (moments.length === 0) {
    return (
      <div data-testid="moments-empty" className="py-6 text-center">
        <p className="text-lg font-bold text-stone-900">Your discovery story starts here</p>
        <p className="mt-1 text-stone-600">
          Watch an ad on Discover: the businesses you find, the rewards you earn and your badges appear here.
        </p>
        <Link to={paths.home} className={buttonClass("primary", "mt-4")}>
          Go to Discover
        </Link>
      </div>
    );
  }
  return (
    <>
      <div ref={listRef}>
        <MomentList moments={moments} />
      </div>
      {query.hasNextPage && (
        <div className="mt-4 text-center">
          <Button
            variant="secondary"
            pending={query.isFetchingNextPage}
            pendingLabel="Loading…"
            onClick={() => {
              setFocusFrom(moments.length);
              void query.fetchNextPage();
            }}
          >
            Show older moments
          </Button>
        </div>
      )}
    </>
  );
}

/** /moments: the member's discovery timeline, newest first. */
export default function MomentsPage() {
  useEffect(() => {
    document.title = `Moments · ${brand.name}`;
  }, []);
  return (
    <RequireAuth>
      <div className="mx-auto max-w-2xl space-y-4 px-4 py-6">
        <header>
          <h1 className="text-3xl font-extrabold text-stone-900">Moments</h1>
          <p className="mt-1 text-stone-600">
            The brands you've discovered and what you've earned, newest first.
          </p>
        </header>
        <Card title="Your timeline" icon={<Sparkles className="size-5" aria-hidden />}>
          <Timeline />
        </Card>
      </div>
    </RequireAuth>
  );
}

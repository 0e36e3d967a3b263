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
import { useT } from "../lib/i18n";

function Timeline() {
  const t = useT();
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
        <p className="text-lg font-bold text-stone-900">{t("moments.emptyTitle")}</p>
        <p className="mt-1 text-stone-600">{t("moments.emptyText")}</p>
        <Link to={paths.home} className={buttonClass("primary", "mt-4")}>
          {t("moments.goToDiscover")}
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
            pendingLabel={t("moments.loadingOlder")}
            onClick={() => {
              setFocusFrom(moments.length);
              void query.fetchNextPage();
            }}
          >
            {t("moments.showOlder")}
          </Button>
        </div>
      )}
    </>
  );
}

/** /moments: the member's discovery timeline, newest first. */
export default function MomentsPage() {
  const t = useT();
  useEffect(() => {
    document.title = t("moments.docTitle", { brand: brand.name });
  }, [t]);
  return (
    <RequireAuth>
      <div className="mx-auto max-w-2xl space-y-4 px-4 py-6">
        <header>
          <h1 className="text-3xl font-extrabold text-stone-900">{t("moments.heading")}</h1>
          <p className="mt-1 text-stone-600">{t("moments.intro")}</p>
        </header>
        <Card title={t("moments.timeline")} icon={<Sparkles className="size-5" aria-hidden />}>
          <Timeline />
        </Card>
      </div>
    </RequireAuth>
  );
}

import { Trophy } from "lucide-react";
import { Link } from "react-router";
import { drawPath } from "../../app/paths";
import { useT } from "../../lib/i18n";
import { useDrawsList } from "./api";

/**
 * The landing's "Latest prize draw" link: the newest drawn draw's public page, where anyone can see the
 * winner and re-check the result. Nothing at all until one has been drawn.
 */
export function LatestDrawLink({ className = "" }: { className?: string }) {
  const { data } = useDrawsList();
  const t = useT();
  const latest = data?.draws.find((draw) => draw.status === "drawn");
  if (!latest) return null;
  return (
    <p className={className}>
      <Link
        to={drawPath(latest.kind, latest.id)}
        data-testid="latest-draw-link"
        className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-white/10 px-4 py-2 text-sm font-semibold text-white ring-1 ring-white/30 hover:bg-white/20"
      >
        <Trophy className="size-4" aria-hidden />
        {latest.winnerDisplayName
          ? t("landing.latestDrawWinner", { title: latest.title, winner: latest.winnerDisplayName })
          : t("landing.latestDraw", { title: latest.title })}
      </Link>
    </p>
  );
}

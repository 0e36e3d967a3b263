import { ArrowLeft, LogOut } from "lucide-react";
import { Link, useNavigate } from "react-router";
import type { CounterActor } from "../../../shared/contracts/counter";
import { paths } from "../../app/paths";
import { useT } from "../../lib/i18n";
import { useMerchantLogout } from "./api";

interface CounterHeaderProps {
  actor: CounterActor;
  title: string;
  /** Where the back arrow goes; none on the staff home. */
  backTo?: { to: string; label: string };
  /** Staff sign out here; the owner signs out from the dashboard. */
  showSignOut?: boolean;
}

/** The top of the counter pages: the page, the business, who is working and at which branch, in large type. */
export function CounterHeader({ actor, title, backTo, showSignOut = false }: CounterHeaderProps) {
  const t = useT();
  const logout = useMerchantLogout();
  const navigate = useNavigate();
  return (
    <header className="flex items-center gap-3">
      {backTo && (
        <Link
          to={backTo.to}
          aria-label={backTo.label}
          className="flex size-12 shrink-0 items-center justify-center rounded-xl border-2 border-stone-300 bg-white text-stone-950"
        >
          <ArrowLeft className="size-6" aria-hidden />
        </Link>
      )}
      <div className="min-w-0 flex-1">
        <h1 className="text-2xl leading-tight font-extrabold text-stone-950">{title}</h1>
        <p className="truncate text-sm font-semibold text-stone-700">{actor.companyName}</p>
        {/* Who is working and where: their work is recorded at this branch. */}
        <p className="truncate text-sm font-semibold text-stone-700" data-testid="counter-who">
          {actor.kind === "owner" ? t("counter.owner") : actor.staffName}
          {actor.branchName && ` · ${t("counter.header.branch", { branch: actor.branchName })}`}
        </p>
      </div>
      {showSignOut && (
        <button
          type="button"
          disabled={logout.isPending}
          onClick={() =>
            logout.mutate(undefined, { onSettled: () => navigate(paths.merchantLogin, { replace: true }) })
          }
          className="flex min-h-12 shrink-0 items-center gap-2 rounded-xl border-2 border-stone-300 bg-white px-3 font-bold text-stone-950 disabled:opacity-60"
        >
          <LogOut className="size-5" aria-hidden /> {t("counter.signOut")}
        </button>
      )}
    </header>
  );
}

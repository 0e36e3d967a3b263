import { LogOut, Shield, Star } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { brand } from "../../../shared/brand";
import { tierLabel } from "../../../shared/tiers";
import { useAuth } from "../../lib/auth";
import { initialsOf } from "../../lib/format";
import { paths } from "../paths";

const numberFormat = new Intl.NumberFormat("en-GH");

/** The top bar: brand, and for a member their XP and tier (to My Rewards), name and Logout. */
export function TopNav() {
  const { user, isAdmin, logout } = useAuth();
  const navigate = useNavigate();

  // Leave the page first: a signed-in-only page would otherwise send the signed-out visitor to /login.
  const signOut = async () => {
    navigate(paths.home);
    await logout();
  };

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <nav className="mx-auto flex h-14 max-w-6xl items-center justify-between px-4" aria-label="Main">
        <Link to={paths.home} className="flex shrink-0 items-center gap-2 font-extrabold text-stone-900">
          <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
          <span className="text-lg">{brand.name}</span>
        </Link>
        {user ? (
          <div className="flex min-w-0 items-center gap-2 sm:gap-3">
            {isAdmin && (
              <Link to={paths.admin} className="flex items-center gap-1 text-sm font-medium text-stone-700">
                <Shield className="size-4" aria-hidden />{" "}
                <span className="sr-only sm:not-sr-only">Admin</span>
              </Link>
            )}
            <Link
              to={paths.rewards}
              data-testid="nav-xp"
              aria-label={`${numberFormat.format(user.xpPoints)} XP, ${tierLabel(user.tier)} tier: My Rewards`}
              className="flex shrink-0 items-center gap-1 rounded-full bg-amber-50 px-2 py-1 text-xs font-bold text-amber-900 ring-1 ring-amber-200"
            >
              <Star className="size-3.5 fill-amber-500 text-amber-500" aria-hidden />
              {numberFormat.format(user.xpPoints)} XP
              <span className="hidden font-semibold sm:inline">· {tierLabel(user.tier)}</span>
            </Link>
            <span
              aria-hidden
              className="hidden size-8 shrink-0 items-center justify-center rounded-full bg-amber-100 text-xs font-bold text-amber-800 sm:flex"
            >
              {initialsOf(user.displayName)}
            </span>
            <span className="hidden min-w-0 max-w-[6.5rem] truncate text-sm font-medium text-stone-800 min-[400px]:inline sm:max-w-none">
              {user.displayName}
            </span>
            <button
              type="button"
              onClick={signOut}
              className="flex shrink-0 items-center gap-1 rounded-lg px-2 py-1 text-sm text-stone-600 hover:bg-stone-100"
            >
              <LogOut className="size-4" aria-hidden />{" "}
              <span className="sr-only min-[360px]:not-sr-only">Logout</span>
            </button>
          </div>
        ) : (
          <div className="flex items-center gap-2">
            <Link
              to={paths.login}
              className="rounded-lg px-3 py-1.5 text-sm font-semibold text-stone-700 hover:bg-stone-100"
            >
              Login
            </Link>
            <Link
              to={paths.register}
              className="rounded-lg bg-amber-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-amber-800"
            >
              Join
            </Link>
          </div>
        )}
      </nav>
    </header>
  );
}

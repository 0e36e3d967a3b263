import { Gift, Home, PlayCircle, Sparkles, User } from "lucide-react";
import { NavLink } from "react-router";
import { useT } from "../../lib/i18n";
import { paths } from "../paths";

const items = [
  { to: paths.home, label: "nav.home", icon: Home },
  { to: paths.watch, label: "nav.watch", icon: PlayCircle },
  { to: paths.moments, label: "nav.moments", icon: Sparkles },
  { to: paths.rewards, label: "nav.rewards", icon: Gift },
  { to: paths.profile, label: "nav.profile", icon: User },
] as const;

export function BottomNav() {
  const t = useT();
  return (
    <nav
      aria-label={t("nav.bottom")}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)]"
    >
      <ul className="mx-auto grid max-w-lg grid-cols-5">
        {items.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end
              className={({ isActive }) =>
                `flex flex-col items-center gap-0.5 py-2 text-xs ${isActive ? "font-semibold text-amber-700" : "text-stone-500"}`
              }
            >
              <Icon className="size-5" aria-hidden />
              {t(label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

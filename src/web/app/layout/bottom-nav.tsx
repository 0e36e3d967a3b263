import { Gift, Home, PlayCircle, Sparkles, User } from "lucide-react";
import { NavLink } from "react-router";
import { paths } from "../paths";

const items = [
  { to: paths.home, label: "Home", icon: Home },
  { to: paths.watch, label: "Watch", icon: PlayCircle },
  { to: paths.moments, label: "Moments", icon: Sparkles },
  { to: paths.rewards, label: "Rewards", icon: Gift },
  { to: paths.profile, label: "Profile", icon: User },
] as const;

export function BottomNav() {
  return (
    <nav
      aria-label="Bottom"
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
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import type { ReactNode } from "react";
import { Link } from "react-router";
import { brand } from "../../../shared/brand";
import { paths } from "../../app/paths";

/** The frame of the full-page business screens (no consumer navigation): the brand and a way home. */
export function BusinessFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="min-h-dvh bg-stone-50">
      <div className={`mx-auto px-4 py-6 ${wide ? "max-w-5xl" : "max-w-md"}`}>
        <Link to={paths.home} className="mb-6 inline-flex items-center gap-2 font-extrabold text-stone-900">
          <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
          <span className="text-lg">
            {brand.name} <span className="font-semibold text-amber-700">for Business</span>
          </span>
        </Link>
        {children}
      </div>
    </div>
  );
}

import { type ReactNode, useEffect } from "react";
import { Link } from "react-router";
import { brand } from "../../shared/brand";
import { paths } from "../app/paths";
import { useAuth } from "../lib/auth";
import { NotAllowed } from "./not-allowed";

interface AdminFullPageProps {
  /** The heading, and the browser tab's title before "· admin". */
  title: string;
  intro: ReactNode;
  /** The column's width and the space between its parts, e.g. "max-w-3xl space-y-6". */
  columnClass: string;
  children: ReactNode;
}

/**
 * A page of its own for platform admins, outside /admin's tabs: anyone else is told it is not for them;
 * an admin gets the heading, its intro and the way back to /admin above the page.
 */
export function AdminFullPage({ title, intro, columnClass, children }: AdminFullPageProps) {
  const { user, isAdmin } = useAuth();

  useEffect(() => {
    document.title = `${title} · ${brand.name} admin`;
  }, [title]);

  if (!isAdmin) return <NotAllowed signedIn={user !== null} audience="platform admins" />;
  return (
    <div className="min-h-dvh bg-stone-50">
      <div className={`mx-auto ${columnClass} px-4 py-6`}>
        <header className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-3xl font-extrabold text-stone-900">{title}</h1>
            <p className="text-stone-600">{intro}</p>
          </div>
          <Link to={paths.admin} className="text-sm font-semibold text-amber-800 hover:underline">
            Back to admin
          </Link>
        </header>
        {children}
      </div>
    </div>
  );
}

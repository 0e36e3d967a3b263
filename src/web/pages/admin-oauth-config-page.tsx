import { useEffect } from "react";
import { Link } from "react-router";
import { brand } from "../../shared/brand";
import { paths } from "../app/paths";
import { NotAllowed } from "../components/not-allowed";
import { GoogleOAuthConfigSection } from "../features/oauth-config/google-oauth-config-section";
import { useAuth } from "../lib/auth";

/** `/admin/oauth-config` (full page, admins only): Google sign-in set from the screen, stored encrypted. */
export default function AdminOAuthConfigPage() {
  const { user, isAdmin } = useAuth();

  useEffect(() => {
    document.title = `Sign-in settings · ${brand.name} admin`;
  }, []);

  if (!isAdmin) return <NotAllowed signedIn={user !== null} audience="platform admins" />;
  return (
    <div className="min-h-dvh bg-stone-50">
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-6">
        <header className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-3xl font-extrabold text-stone-900">Sign-in settings</h1>
            <p className="text-stone-600">
              Turn on "Continue with Google" without a redeploy. Settings in the server's environment win.
            </p>
          </div>
          <Link to={paths.admin} className="text-sm font-semibold text-amber-800 hover:underline">
            Back to admin
          </Link>
        </header>
        <GoogleOAuthConfigSection />
      </div>
    </div>
  );
}

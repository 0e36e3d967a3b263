import { AdminFullPage } from "../components/admin-full-page";
import { GoogleOAuthConfigSection } from "../features/oauth-config/google-oauth-config-section";

/** `/admin/oauth-config` (full page, admins only): Google sign-in set from the screen, stored encrypted. */
export default function AdminOAuthConfigPage() {
  return (
    <AdminFullPage
      title="Sign-in settings"
      intro={`Turn on "Continue with Google" without a redeploy. Settings in the server's environment win.`}
      columnClass="max-w-3xl space-y-6"
    >
      <GoogleOAuthConfigSection />
    </AdminFullPage>
  );
}

import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { paths } from "../app/paths";
import { buttonClass } from "./ui/button";

/**
 * A page the signed-in account's role does not open (the server refuses its calls too): says so, and
 * offers the way home, or to sign in when no one is signed in. Same look as the admin page's.
 */
export function NotAllowed({ signedIn, audience }: { signedIn: boolean; audience: string }) {
  return (
    <div role="alert" className="mx-auto max-w-md px-4 py-16 text-center" data-testid="admin-not-allowed">
      <ShieldAlert className="mx-auto size-12 text-red-600" aria-hidden />
      <h1 className="mt-3 text-xl font-bold text-stone-900">You're not allowed here</h1>
      <p className="mt-2 text-stone-600">
        {signedIn
          ? `This area is for ${audience} only.`
          : `This area is for ${audience}. Sign in with an account that may open it.`}
      </p>
      <div className="mt-5 flex justify-center gap-2">
        <Link to={paths.home} className={buttonClass("primary")}>
          Go home
        </Link>
        {!signedIn && (
          <Link to={paths.login} className={buttonClass("secondary")}>
            Sign in
          </Link>
        )}
      </div>
    </div>
  );
}

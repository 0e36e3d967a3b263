import { Link } from "react-router";
import { paths } from "../../app/paths";
import { buttonClass } from "../../components/ui/button";

/** The viewer's error state: the ad is gone, hidden, or could not be loaded. */
export function AdNotAvailable({ onRetry }: { onRetry?(): void }) {
  return (
    <div
      role="alert"
      className="fixed inset-0 flex flex-col items-center justify-center gap-4 bg-stone-950 px-6 text-center text-white"
    >
      <h1 className="text-xl font-bold">This ad is not available</h1>
      <p className="text-stone-300">It may have ended or been taken down.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.home} className={buttonClass("primary")}>
          Back to Discover
        </Link>
        {onRetry && (
          <button type="button" onClick={onRetry} className={buttonClass("secondary")}>
            Try again
          </button>
        )}
      </div>
    </div>
  );
}

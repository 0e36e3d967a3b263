import { useSearchParams } from "react-router";
import { parsePlainId } from "../../shared/plain-id";
import { RequireAuth } from "../components/require-auth";
import { usePrefetchViewerAd, useViewerAd } from "../features/watch/api";
import { AdNotAvailable } from "../features/watch/not-available";
import { StoryViewer } from "../features/watch/story-viewer";
import { useAdNavigation } from "../features/watch/use-ad-navigation";
import { ViewerOffline } from "../features/watch/viewer-offline";
import { ViewerSkeleton } from "../features/watch/viewer-skeleton";
import { ApiError } from "../lib/api-client";
import { isConnectionFailure, useIsOnline } from "../lib/network-status";

function MobileWatchScreen() {
  const [params] = useSearchParams();
  const adId = parsePlainId(params.get("ad") ?? undefined);
  const query = useViewerAd(adId);
  const { next, previous, close, hasPrevious, nextAdId } = useAdNavigation(adId);
  usePrefetchViewerAd(nextAdId, query.data !== undefined);

  const online = useIsOnline();

  if (adId === null) return <AdNotAvailable />;
  // No ad to show and no way to fetch it: say so now rather than leave the skeleton up.
  if (!query.data && (!online || (query.isError && isConnectionFailure(query.error)))) {
    return <ViewerOffline onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  if (query.isError) {
    const gone = query.error instanceof ApiError && query.error.status >= 400 && query.error.status < 500;
    return <AdNotAvailable onRetry={gone ? undefined : () => void query.refetch()} />;
  }
  if (!query.data) return <ViewerSkeleton />;
  return (
    <StoryViewer
      key={adId}
      ad={query.data}
      hasPrevious={hasPrevious}
      onPrevious={previous}
      onNext={next}
      onClose={close}
    />
  );
}

/** `/mobile-watch?ad={id}`: the full-screen story viewer (signed-in members). */
export default function MobileWatchPage() {
  return (
    <RequireAuth>
      <MobileWatchScreen />
    </RequireAuth>
  );
}

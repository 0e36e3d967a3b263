import { Skeleton } from "../../components/ui/skeleton";

/** While Discover loads, a grid of 20 placeholder cards fades in one after another. */
export const skeletonCardCount = 20;

/** The masonry columns of Discover: 2 on small screens, 3 medium, 4 large, 5 extra large. */
// A row-wise grid: cards share the story format (9:16), so rows stay tidy and the reading order across the
// screen is the server's order (featured first, nearest first...), which CSS columns would scramble.
export const masonryClass = "grid grid-cols-2 items-start gap-3 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5";

export function DiscoverSkeletonGrid() {
  return (
    <div role="status" aria-label="Loading discoveries" className={masonryClass}>
      {Array.from({ length: skeletonCardCount }, (_, i) => (
        <div key={i} className="animate-fade-in" style={{ animationDelay: `${i * 60}ms` }}>
          <Skeleton className="aspect-[9/16] rounded-2xl" />
        </div>
      ))}
    </div>
  );
}

/** The signed-in home while its code loads (it is a separate chunk): the same skeleton grid. */
export function DiscoverPlaceholder() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <DiscoverSkeletonGrid />
    </div>
  );
}

import { Skeleton } from "../../components/ui/skeleton";

/** Spec sections 2 and 9: while Discover loads, a grid of 20 placeholder cards fades in one after another. */
export const skeletonCardCount = 20;

/** The masonry columns of Discover: 2 on small screens, 3 medium, 4 large, 5 extra large. */
export const masonryClass = "columns-2 gap-3 md:columns-3 lg:columns-4 xl:columns-5";

export function DiscoverSkeletonGrid() {
  return (
    <div role="status" aria-label="Loading discoveries" className={masonryClass}>
      {Array.from({ length: skeletonCardCount }, (_, i) => (
        <div
          key={i}
          className="animate-fade-in mb-3 break-inside-avoid"
          style={{ animationDelay: `${i * 60}ms` }}
        >
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

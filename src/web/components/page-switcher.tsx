import { Button } from "./ui/button";

/** "Page 2 of 7" with Previous and Next, for lists paged on the server. */
export function PageSwitcher({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
  /** What is paged, e.g. "members" (names the navigation landmark). */
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={`Pages of ${label}`} className="flex items-center justify-between gap-2 text-sm">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)} className="min-h-11">
        Previous
      </Button>
      <span className="text-stone-700">
        Page {page} of {pages}
      </span>
      <Button
        variant="secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        className="min-h-11"
      >
        Next
      </Button>
    </nav>
  );
}

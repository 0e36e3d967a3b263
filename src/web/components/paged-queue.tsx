import type { UseQueryResult } from "@tanstack/react-query";
import { Fragment, type Key, type ReactNode, useState } from "react";
import { Button } from "./ui/button";
import { LoadError } from "./ui/load-error";
import { Skeleton } from "./ui/skeleton";

interface QueuePage {
  /** Pass as `before` for the next (older) page; null on the last one. */
  nextBefore: number | null;
}

interface PagedQueueProps<Page extends QueuePage, Item> {
  /** The query for one page; `before` pages back to older items. */
  usePage(before?: number): UseQueryResult<Page>;
  itemsOf(page: Page): Item[];
  keyOf(item: Item): Key;
  renderItem(item: Item): ReactNode;
  skeletonClassName: string;
  text: {
    /** The loading skeleton's accessible name, e.g. "Loading purchases". */
    loading: string;
    loadError: string;
    empty: string;
    /** The first page's list name; older pages are named `olderList`. */
    list: string;
    olderList: string;
    loadOlder: string;
  };
}

/** One page of the queue; the last page offers the next (older) one. */
function QueuePageList<Page extends QueuePage, Item>({
  before,
  isFirst,
  ...props
}: PagedQueueProps<Page, Item> & { before?: number; isFirst: boolean }) {
  const { usePage, itemsOf, keyOf, renderItem, skeletonClassName, text } = props;
  const query = usePage(before);
  const [showOlder, setShowOlder] = useState(false);
  if (query.isPending) {
    return (
      <div className="space-y-3" role="status" aria-label={text.loading}>
        <Skeleton className={skeletonClassName} />
      </div>
    );
  }
  if (query.isError) return <LoadError message={text.loadError} onRetry={() => void query.refetch()} />;
  const items = itemsOf(query.data);
  const { nextBefore } = query.data;
  if (isFirst && items.length === 0) {
    return (
      <p className="rounded-2xl bg-white p-4 text-sm text-stone-600 ring-1 ring-stone-200">{text.empty}</p>
    );
  }
  return (
    <>
      <ul className="space-y-3" aria-label={isFirst ? text.list : text.olderList}>
        {items.map((item) => (
          <Fragment key={keyOf(item)}>{renderItem(item)}</Fragment>
        ))}
      </ul>
      {nextBefore !== null &&
        (showOlder ? (
          <QueuePageList {...props} before={nextBefore} isFirst={false} />
        ) : (
          <Button variant="secondary" className="min-h-11 w-full" onClick={() => setShowOlder(true)}>
            {text.loadOlder}
          </Button>
        ))}
    </>
  );
}

/** A staff queue read a page at a time, newest first: loading, a load error, empty, or its items. */
export function PagedQueue<Page extends QueuePage, Item>({
  testId,
  ...props
}: PagedQueueProps<Page, Item> & { testId: string }) {
  return (
    <div className="space-y-3" data-testid={testId}>
      <QueuePageList {...props} isFirst />
    </div>
  );
}

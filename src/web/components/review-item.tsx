import type { ReactNode } from "react";

interface SentPicture {
  url: string;
  alt: string;
  /** The thumbnail's shape: a receipt is tall, a screenshot square. */
  shape: "tall" | "square";
}

const thumbnailShapes = {
  tall: { width: 96, height: 128, className: "h-32 w-24" },
  square: { width: 96, height: 96, className: "size-24" },
};

/**
 * One item in a staff review queue (purchases, share proofs): the picture the member sent (opened full
 * size in a new tab), who sent it, the item's details and the decision buttons.
 */
export function ReviewItem({
  testId,
  picture,
  sender,
  children,
  actions,
}: {
  testId: string;
  picture: SentPicture | null;
  /** The member who sent it; null once they have left. */
  sender: { displayName: string; anigyeId: string } | null;
  children: ReactNode;
  actions: ReactNode;
}) {
  const shape = picture && thumbnailShapes[picture.shape];
  return (
    <li className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200" data-testid={testId}>
      <div className="flex flex-wrap items-start gap-3">
        {picture && shape && (
          <a href={picture.url} target="_blank" rel="noreferrer" className="shrink-0">
            <img
              src={picture.url}
              alt={picture.alt}
              loading="lazy"
              width={shape.width}
              height={shape.height}
              className={`${shape.className} rounded-lg object-cover ring-1 ring-stone-200`}
            />
          </a>
        )}
        <div className="min-w-0 flex-1 space-y-0.5 text-sm">
          <p className="font-bold text-stone-900">
            {sender?.displayName ?? "A former member"}{" "}
            {sender && <span className="font-mono text-xs text-stone-600">{sender.anigyeId}</span>}
          </p>
          {children}
        </div>
      </div>
      {actions}
    </li>
  );
}

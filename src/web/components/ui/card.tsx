import { type ReactNode, useId } from "react";

interface CardProps {
  title?: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  className?: string;
  testId?: string;
}

/** A white rounded panel; with a title it is a labelled region. */
export function Card({ title, description, icon, children, className = "", testId }: CardProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={title ? titleId : undefined}
      data-testid={testId}
      className={`rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 ${className}`}
    >
      {title && (
        <div className="mb-4 flex items-start gap-3">
          {icon && (
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-700">
              {icon}
            </span>
          )}
          <div>
            <h2 id={titleId} className="text-lg font-bold text-stone-900">
              {title}
            </h2>
            {description && <div className="mt-0.5 text-sm text-stone-600">{description}</div>}
          </div>
        </div>
      )}
      {children}
    </section>
  );
}

import type { ReactNode } from "react";

/** A form's message that belongs to no one field (a refused sign-in, a plan limit), announced at once. */
export function FormAlert({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p
      role="alert"
      data-testid={testId}
      className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-200"
    >
      {children}
    </p>
  );
}

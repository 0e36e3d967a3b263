import { Button } from "./button";

/** A failed load with a retry, for pages that need data to show anything. */
export function LoadError({ onRetry, message }: { onRetry(): void; message?: string }) {
  return (
    <div role="alert" className="mx-auto max-w-md px-4 py-12 text-center">
      <h1 className="text-xl font-bold text-stone-900">We couldn't load this page</h1>
      <p className="mt-2 text-stone-600">{message ?? "Check your connection and try again."}</p>
      <Button className="mt-5" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

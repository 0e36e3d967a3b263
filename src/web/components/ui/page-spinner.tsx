export function PageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center" role="status" aria-label={label}>
      <span className="size-8 animate-spin rounded-full border-4 border-amber-200 border-t-amber-600" />
    </div>
  );
}

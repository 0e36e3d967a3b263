import { useT } from "../../lib/i18n";

export function PageSpinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div
      className="flex min-h-[40vh] items-center justify-center"
      role="status"
      aria-label={label ?? t("common.loading")}
    >
      <span className="size-8 animate-spin rounded-full border-4 border-amber-200 border-t-amber-600" />
    </div>
  );
}

import { Component, type ErrorInfo, type ReactNode } from "react";
import { brand } from "../../shared/brand";
import { useT } from "../lib/i18n";

interface State {
  error: Error | null;
}

/**
 * A page's code chunk failed to download: offline, or a new version replaced the old chunk names.
 * React keeps the failed import, so only a reload (which fetches the new index) can recover.
 */
export function isChunkLoadError(error: Error): boolean {
  return /dynamically imported module|Importing a module script failed|Failed to fetch|Unable to preload CSS/i.test(
    error.message,
  );
}

/** Render errors show this card; 'Try Again' clears the error state. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Render error", error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const chunkFailed = isChunkLoadError(this.state.error);
    return (
      <ErrorCard
        chunkFailed={chunkFailed}
        onTryAgain={() => (chunkFailed ? window.location.reload() : this.setState({ error: null }))}
      />
    );
  }
}

/** The card an error leaves on screen, in the language on screen (the first screens' texts, always loaded). */
function ErrorCard({ chunkFailed, onTryAgain }: { chunkFailed: boolean; onTryAgain(): void }) {
  const t = useT();
  return (
    <div className="flex min-h-[60vh] items-center justify-center p-6">
      <div
        role="alert"
        className="w-full max-w-md rounded-2xl bg-white p-6 text-center shadow ring-1 ring-stone-200"
      >
        <h1 className="text-xl font-bold text-stone-900">{t("error.title")}</h1>
        <p className="mt-2 text-stone-600">
          {chunkFailed ? t("error.chunkText", { brand: brand.name }) : t("error.text")}
        </p>
        <button
          type="button"
          onClick={onTryAgain}
          className="mt-5 rounded-xl bg-amber-700 px-5 py-2.5 font-semibold text-white hover:bg-amber-800"
        >
          {t("error.tryAgain")}
        </button>
      </div>
    </div>
  );
}

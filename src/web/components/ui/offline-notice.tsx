import { WifiOff } from "lucide-react";
import type { ReactNode } from "react";
import { brand } from "../../../shared/brand";
import { useT } from "../../lib/i18n";
import { useIsOnline } from "../../lib/network-status";
import { Button } from "./button";

interface OfflineNoticeProps {
  /** What the connection is needed for, to finish "Connect to …" ("watch ads"). */
  needsConnectionTo: string;
  onRetry(): void;
  /** A new attempt is on its way (the connection came back, or Try again was pressed). */
  retrying?: boolean;
  /** Dark, for the full-screen viewer. */
  dark?: boolean;
  /** 1 where the notice is the whole screen. */
  headingLevel?: 1 | 2;
  /** Somewhere useful that works without a connection. */
  children?: ReactNode;
}

/**
 * For a screen that needs the network and has nothing kept to show: says so at once (no spinner, no
 * long wait), and the query behind it is read again by itself when the phone reconnects.
 */
export function OfflineNotice({
  needsConnectionTo,
  onRetry,
  retrying,
  dark,
  headingLevel = 2,
  children,
}: OfflineNoticeProps) {
  const online = useIsOnline();
  const t = useT();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <div
      role="status"
      className={`mx-auto flex max-w-md flex-col items-center px-4 py-12 text-center ${dark ? "text-white" : ""}`}
    >
      <WifiOff className={`size-10 ${dark ? "text-amber-400" : "text-amber-700"}`} aria-hidden />
      <Heading className={`mt-3 text-xl font-bold ${dark ? "" : "text-stone-900"}`}>
        {online ? t("offline.unreachable", { brand: brand.name }) : t("offline.offline")}
      </Heading>
      <p className={`mt-2 ${dark ? "text-stone-300" : "text-stone-600"}`}>
        {t("offline.connectTo", { what: needsConnectionTo })}{" "}
        {online ? t("offline.checkSignal") : t("offline.willRetry")}
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <Button variant={dark ? "secondary" : "primary"} onClick={onRetry} pending={retrying}>
          {t("offline.tryAgain")}
        </Button>
        {children}
      </div>
    </div>
  );
}

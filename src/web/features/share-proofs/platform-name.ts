import { type SharePlatformId, sharePlatformNames } from "../../../shared/share-platforms";
import { useT } from "../../lib/i18n";

/** A platform's name: the networks keep their own names; "Other" is said in the language. */
export function usePlatformName() {
  const t = useT();
  return (platform: SharePlatformId) =>
    platform === "other" ? t("shareProof.platformOther") : sharePlatformNames[platform];
}

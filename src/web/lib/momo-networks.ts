import type { momoNetworks } from "../../shared/contracts/money";
import { momoProviderNames } from "../../shared/contracts/payments";

/** A wallet's network by its own name ("MTN MoMo", "Telecel Cash"): a top-up's, a payout wallet's. */
export const momoNetworkNames: Record<(typeof momoNetworks)[number], string> = {
  mtn: momoProviderNames.mtn,
  telecel: momoProviderNames.vod,
  airteltigo: momoProviderNames.atl,
};

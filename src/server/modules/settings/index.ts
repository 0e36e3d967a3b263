/** Platform settings an admin changes without a deploy: XP values, prices, points, limits, the countries served, draws, anti-cheat, the manual MoMo account and Google sign-in. */
export {
  allowsPlainHttpIssuer,
  assertIssuerAllowed,
  describeGoogleOAuthConfig,
  effectiveGoogleSettings,
  type GoogleOAuthSettings,
  saveGoogleOAuthConfig,
} from "./oauth-config.service";
export { type RiskSignalType, riskSignalDefaults, riskSignalTypes, riskWeightKey } from "./risk-weights";
export {
  currentBranchLimit,
  currentPointsAllocations,
  currentPrices,
  currentServedCountries,
  listSettings,
  manualMomoAccount,
  numberSettingFrom,
  pointsAllocationKey,
  readNumberSettings,
  storedSettingSql,
  updateSetting,
} from "./settings.service";

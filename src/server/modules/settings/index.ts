/** Platform settings an admin changes without a deploy: XP values, daily limits, prices and Google sign-in. */
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
  currentPrices,
  listSettings,
  readNumberSettings,
  type SettingView,
  settingDefinitions,
  updateSetting,
} from "./settings.service";

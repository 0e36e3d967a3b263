/** Platform settings an admin changes without a deploy: XP values, daily limits and prices. */
export {
  currentPrices,
  listSettings,
  readNumberSettings,
  type SettingView,
  settingDefinitions,
  updateSetting,
} from "./settings.service";

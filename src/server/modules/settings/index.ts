/** Platform settings (prices now; XP values and allocations with the admin screen). */
export { currentPrices, readNumberSettings, settingDefinitions } from "./settings.service";

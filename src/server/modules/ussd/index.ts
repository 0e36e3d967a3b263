/**
 * USSD: the menus any phone can dial, behind Hubtel's and Africa's Talking's callbacks. Owns
 * ussd_sessions; reads members, cards and rewards through its read model, and makes reward codes through
 * redemptions, draws' standing through draws and a member's language through auth.
 */

export { ussdRoutes } from "./ussd.routes";
export {
  countUssdSessionsSince,
  deleteOldUssdSessions,
  type UssdDay,
  ussdSessionRetentionDays,
  ussdSessionsByDay,
} from "./ussd-operations.service";
export { ussdSimulatorRoutes } from "./ussd-simulator.routes";

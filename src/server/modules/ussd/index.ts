/**
 * USSD: the menus any phone can dial, behind Hubtel's and Africa's Talking's callbacks, and the simulator
 * that drives them. Owns ussd_sessions (counted for operations, deleted after 30 days); reads members,
 * cards and rewards through its read model, and makes reward codes through redemptions, draws' standing
 * through draws and a member's language through auth; an admin's simulated dial is recorded by audit.
 */

export { ussdRoutes } from "./ussd.routes";
export {
  countUssdSessionsSince,
  deleteOldUssdSessions,
  ussdSessionsByDay,
} from "./ussd-operations.service";
export { ussdSimulatorRoutes } from "./ussd-simulator.routes";

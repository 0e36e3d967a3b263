import { useMutation } from "@tanstack/react-query";
import type { UssdSimulatorRequest, UssdSimulatorResponse } from "../../../shared/contracts/ussd-simulator";
import { apiJson } from "../../lib/api-client";

/** Where the simulator sends its key presses: the admins' endpoint, or anyone's in development and the demo. */
export const ussdSimulatorUrls = {
  admin: "/api/admin/ussd/simulator",
  open: "/api/ussd/simulator",
} as const;
export type UssdSimulatorAudience = keyof typeof ussdSimulatorUrls;

/** One key press of the simulator: the server passes it to the Hubtel route and answers with the screen. */
export function useUssdPress(audience: UssdSimulatorAudience) {
  return useMutation({
    mutationFn: (body: UssdSimulatorRequest) =>
      apiJson<UssdSimulatorResponse>("POST", ussdSimulatorUrls[audience], body),
  });
}

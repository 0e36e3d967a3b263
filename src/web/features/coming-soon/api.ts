import { useMutation } from "@tanstack/react-query";
import type {
  ComingSoonBusinessRequest,
  ComingSoonResponse,
  ComingSoonUserRequest,
} from "../../../shared/contracts/coming-soon";
import { apiJson } from "../../lib/api-client";

export function useUserSignup() {
  return useMutation({
    mutationFn: (body: ComingSoonUserRequest) =>
      apiJson<ComingSoonResponse>("POST", "/api/coming-soon/users", body),
  });
}

export function useBusinessSignup() {
  return useMutation({
    mutationFn: (body: ComingSoonBusinessRequest) =>
      apiJson<ComingSoonResponse>("POST", "/api/coming-soon/businesses", body),
  });
}

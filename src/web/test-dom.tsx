import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";
import type { SessionUser } from "../shared/contracts/session";
import { AuthProvider } from "./lib/auth";

/**
 * For DOM tests (`*.dom.test.tsx`, on React in happy-dom): a component inside what the app gives every
 * screen (the query cache, who is signed in, a router at `at`).
 */
export function renderInApp(ui: ReactNode, { at = "/", member }: { at?: string; member?: SessionUser } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider initialUser={member}>
        <MemoryRouter initialEntries={[at]}>{ui}</MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Replaces the browser's `fetch` (every API call of the app goes through it, `lib/api-client.ts`): each
 * request is recorded with its JSON body and answered by `answer` (404 when it returns nothing).
 */
export function answerRequests(
  answer: (request: SentRequest) => { status?: number; body?: unknown } | undefined,
): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      const text = typeof init.body === "string" ? init.body : undefined;
      const request = {
        method: init.method ?? "GET",
        url,
        body: text === undefined ? undefined : JSON.parse(text),
      };
      sent.push(request);
      const reply = answer(request) ?? { status: 404, body: { message: "Not found" } };
      return new Response(JSON.stringify(reply.body ?? {}), {
        status: reply.status ?? 200,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  return sent;
}

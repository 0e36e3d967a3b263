// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "../../shared/contracts/session";
import { answerRequests } from "../test-dom";
import { AuthProvider } from "./auth";
import { readFromDevice } from "./device-copy";
import { useQueryKeptOnDevice } from "./kept-query";
import { queryKeys } from "./query-keys";

const url = "/api/rewards/mine";
const member = { id: 7, username: "ama" } as SessionUser;

function MyRewardsCount() {
  const { data } = useQueryKeptOnDevice<{ id: number }[]>(url, queryKeys.rewards.mine);
  return <p>{data ? `${data.length} rewards` : "nothing yet"}</p>;
}

function renderFor(queryClient: QueryClient) {
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider initialUser={member}>
        <MyRewardsCount />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
/** The server, answering who is signed in and the member's rewards. */
const answerWith = (rewards: { id: number }[]) =>
  answerRequests(({ url: asked }) => ({ body: asked === url ? rewards : { user: member } }));
const noSignal = () =>
  vi.stubGlobal(
    "fetch",
    vi.fn(() => new Promise<Response>(() => {})),
  );

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a member's read kept on the phone for the next visit with no signal", () => {
  it("keeps the answer a page rendered by the server came with, though the page never fetched it", async () => {
    noSignal();
    const queryClient = newQueryClient();
    queryClient.setQueryData(queryKeys.rewards.mine(member.id), [{ id: 1 }, { id: 2 }]);

    renderFor(queryClient);

    expect(screen.getByText("2 rewards")).toBeTruthy();
    await waitFor(() => expect(readFromDevice(url, member.id)?.data).toEqual([{ id: 1 }, { id: 2 }]));
  });

  it("keeps what the page fetched, and opens with it next time while the network is gone", async () => {
    answerWith([{ id: 3 }]);
    renderFor(newQueryClient());
    await waitFor(() => expect(readFromDevice(url, member.id)?.data).toEqual([{ id: 3 }]));
    cleanup();

    noSignal();
    renderFor(newQueryClient());

    expect(screen.getByText("1 rewards")).toBeTruthy();
  });

  it("leaves the kept copy as it was when nothing newer came", async () => {
    answerWith([{ id: 3 }]);
    renderFor(newQueryClient());
    await waitFor(() => expect(readFromDevice(url, member.id)).not.toBeNull());
    const kept = readFromDevice(url, member.id)!;
    cleanup();

    noSignal();
    renderFor(newQueryClient());
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(readFromDevice(url, member.id)?.savedAt).toBe(kept.savedAt);
  });
});

import { describe, expect, it } from "vitest";
import { type MemberHomeState, serverRenderedMemberPages } from "../../shared/member-home";
import { memberReadPaths } from "../../shared/prerendered-pages";
import { seedMemberHome } from "./member-home";
import { createQueryClient } from "./query-client";
import { queryKeys } from "./query-keys";

describe("a member page the server rendered, handed to the app's queries", () => {
  it("puts every read My Rewards was rendered with where its page's hooks look, for that member only", () => {
    const reads = Object.fromEntries(serverRenderedMemberPages["/rewards"].map((read) => [read, { read }]));
    const state = { member: { id: 7 }, path: "/rewards", discovery: [], reads, dataSaver: false };
    const queryClient = createQueryClient();

    seedMemberHome(queryClient, state as unknown as MemberHomeState);

    // None dropped: each read is in the cache once.
    expect(queryClient.getQueryCache().getAll()).toHaveLength(Object.keys(reads).length);
    expect(queryClient.getQueryData(queryKeys.rewards.mine(7))).toEqual({ read: memberReadPaths.myRewards });
    expect(queryClient.getQueryData(queryKeys.profile(7))).toEqual({ read: memberReadPaths.profile });
    expect(queryClient.getQueryData(queryKeys.rewards.mine(8))).toBeUndefined();
  });
});

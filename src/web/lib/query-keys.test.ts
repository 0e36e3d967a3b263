import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { queryKeys } from "./query-keys";

/** A cache holding an answer under each key, as if every screen had been opened. */
function cacheWith(keys: QueryKey[]): QueryClient {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { cached: true });
  return client;
}

const held = (client: QueryClient, key: QueryKey) => client.getQueryData(key) !== undefined;

const businessReads = [
  queryKeys.business.session,
  queryKeys.business.profile(5),
  queryKeys.business.ads(5),
  queryKeys.business.staff(5),
  queryKeys.business.analytics(5, 30),
  queryKeys.business.loyaltyProgram(5),
  queryKeys.business.payments(5),
  queryKeys.business.counter.actor,
  queryKeys.business.counter.log,
  queryKeys.business.counter.dashboard,
];

const memberReads = [
  queryKeys.profile(7),
  queryKeys.rewards.mine(7),
  queryKeys.rewards.cashback(7),
  queryKeys.company.page(5, 7),
  queryKeys.company.reviews(5, undefined, 7),
  queryKeys.public.carousel,
  queryKeys.payments.mySubscription(7),
];

describe("query keys by domain", () => {
  it("a business signing in or out drops every business read, and nothing a member or the phone keeps", () => {
    const client = cacheWith([...businessReads, ...memberReads, queryKeys.counterQueue]);
    client.removeQueries({ queryKey: queryKeys.business.all });
    for (const key of businessReads) expect(held(client, key), JSON.stringify(key)).toBe(false);
    for (const key of [...memberReads, queryKeys.counterQueue]) {
      expect(held(client, key), JSON.stringify(key)).toBe(true);
    }
  });

  it("a change to a member or a draw reaches every admin screen", async () => {
    const adminReads = [
      queryKeys.admin.overview,
      queryKeys.admin.members("", 1),
      queryKeys.admin.member(7),
      queryKeys.admin.fraudEvents({ type: "" }, 1),
      queryKeys.admin.violations("open", 1),
      queryKeys.admin.companies.list({ q: "" }),
      queryKeys.admin.companies.detail(5),
      queryKeys.admin.signups.page({ kind: "consumer" }),
      queryKeys.admin.audit.page({}, undefined),
      queryKeys.admin.settings,
      queryKeys.admin.oauthConfig,
      queryKeys.admin.jobs,
      queryKeys.admin.draws,
      queryKeys.admin.payments.page("pending", 1),
      queryKeys.admin.withdrawals.list("review"),
    ];
    const client = cacheWith([...adminReads, ...memberReads]);
    await client.invalidateQueries({ queryKey: queryKeys.admin.all });
    const stale = (key: QueryKey) => client.getQueryState(key)?.isInvalidated;
    for (const key of adminReads) expect(stale(key), JSON.stringify(key)).toBe(true);
    for (const key of memberReads) expect(stale(key), JSON.stringify(key)).toBe(false);
  });
});

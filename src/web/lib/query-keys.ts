/**
 * Every cached server answer's key, by what it means rather than where it is read from. A key starts
 * with its domain, so a change names what it made stale (`queryKeys.business.all` after the business
 * session changes, `queryKeys.rewards.all` after a reward is earned), and addresses stay with the hooks
 * that read them.
 *
 * Reads that depend on who is signed in carry the member's id (`undefined` before anyone is), so
 * another account on the same phone never sees them. Discover's lists are the one exception keyed by
 * address: the server-rendered member home seeds that key (`lib/member-home.ts`).
 */

/** The signed-in member's id, or nothing while no one is. */
type MemberId = number | null | undefined;

export const queryKeys = {
  public: {
    stats: ["public", "stats"],
    carousel: ["public", "carousel"],
  },

  auth: {
    providers: ["auth", "providers"],
    verification: (userId: MemberId) => ["auth", "verification", userId],
    /** What a shop holds for the number its invite texted (public, by the link's token). */
    phoneInvite: (token: string) => ["auth", "phone-invite", token],
  },

  profile: (userId: MemberId) => ["profile", userId],

  /** Ads as members watch them. */
  ads: {
    all: ["ads"],
    /** One ad in the viewer, for every member that opened it on this phone. */
    viewerAll: (adId: number) => ["ads", "viewer", adId],
    viewer: (adId: number, userId: MemberId) => ["ads", "viewer", adId, userId],
  },

  rewards: {
    all: ["rewards"],
    mine: (userId: MemberId) => ["rewards", "mine", userId],
    collection: (userId: MemberId) => ["rewards", "collection", userId],
    /** Her cashback: it moves when a cashback reward is earned or used, so it sits with the rewards. */
    cashback: (userId: MemberId) => ["rewards", "cashback", userId],
  },

  shareProofs: {
    mineAll: ["share-proofs", "mine"],
    mine: (userId: MemberId) => ["share-proofs", "mine", userId],
  },

  moments: {
    all: ["moments"],
    timeline: (userId: MemberId) => ["moments", userId],
  },

  notifications: {
    latest: (userId: MemberId) => ["notifications", userId, "latest"],
    pages: (userId: MemberId) => ["notifications", userId, "pages"],
  },

  loyalty: {
    memberQr: (userId: MemberId) => ["loyalty", "qr", userId],
    cards: (userId: MemberId) => ["loyalty", "cards", userId],
    /** What a shop's poster opens. */
    place: (companyId: number) => ["loyalty", "place", companyId],
  },

  referrals: {
    mine: (userId: MemberId) => ["referrals", "mine", userId],
    leaderboard: (period: string, city: string | undefined, userId: MemberId) => [
      "referrals",
      "leaderboard",
      period,
      city ?? null,
      userId,
    ],
  },

  /** A business as members see it: its public page and reviews. */
  company: {
    all: (companyId: number) => ["company", companyId],
    page: (companyId: number, userId: MemberId) => ["company", companyId, "page", userId],
    reviews: (companyId: number, before: number | undefined, userId: MemberId) => [
      "company",
      companyId,
      "reviews",
      before ?? null,
      userId,
    ],
  },

  purchases: {
    mineAll: ["purchases", "mine"],
    mine: (userId: MemberId) => ["purchases", "mine", userId],
  },

  draws: {
    all: ["draws"],
    list: ["draws", "list"],
    one: (kind: string, drawId: number, userId: MemberId) => ["draws", kind, drawId, userId],
    myEntries: (userId: MemberId) => ["draws", "my-entries", userId],
    competitions: (userId: MemberId) => ["draws", "competitions", userId],
  },

  plans: ["plans"],

  payments: {
    one: (paymentId: number) => ["payments", "one", paymentId],
    subscriptionAll: ["payments", "subscription"],
    mySubscription: (userId: MemberId) => ["payments", "subscription", userId],
  },

  /** Whatever is read with the business session (the dashboard and the counter): it changes with it. */
  business: {
    all: ["business"],
    session: ["business", "session"],
    profile: (companyId: number) => ["business", "profile", companyId],
    ads: (companyId: number) => ["business", "ads", companyId],
    staff: (companyId: number) => ["business", "staff", companyId],
    branches: (companyId: number) => ["business", "branches", companyId],
    analytics: (companyId: number, days: number) => ["business", "analytics", companyId, days],
    loyaltyProgram: (companyId: number) => ["business", "loyalty-program", companyId],
    paymentsAll: ["business", "payments"],
    payments: (companyId: number) => ["business", "payments", companyId],
    counter: {
      actor: ["business", "counter", "actor"],
      log: ["business", "counter", "log"],
      dashboard: ["business", "counter", "dashboard"],
    },
  },

  /** Scans waiting on this phone; kept across sign-ins, since they go out with whoever signs in next. */
  counterQueue: ["counter-queue"],

  /** A staff queue (share proofs, purchases) and its pages. */
  staffQueue: {
    all: (queue: string) => ["staff-queue", queue],
    status: (queue: string, status: string) => ["staff-queue", queue, status],
    page: (queue: string, status: string, before: number | undefined) => [
      "staff-queue",
      queue,
      status,
      before ?? null,
    ],
  },

  /** The admin's screens; a change to a member or a draw re-reads all of them. */
  admin: {
    all: ["admin"],
    overview: ["admin", "overview"],
    members: (q: string, page: number) => ["admin", "members", q, page],
    member: (userId: number) => ["admin", "member", userId],
    fraudEvents: (filter: object, page: number) => ["admin", "fraud-events", filter, page],
    violations: (status: string, page: number) => ["admin", "violations", status, page],
    companies: {
      all: ["admin", "companies"],
      list: (filter: object) => ["admin", "companies", "list", filter],
      detail: (companyId: number) => ["admin", "companies", "detail", companyId],
    },
    signups: {
      all: ["admin", "signups"],
      page: (view: object) => ["admin", "signups", view],
    },
    audit: {
      all: ["admin", "audit"],
      page: (filter: object, before: number | undefined) => ["admin", "audit", filter, before ?? null],
    },
    settings: ["admin", "settings"],
    oauthConfig: ["admin", "oauth-config"],
    jobs: ["admin", "jobs"],
    draws: ["admin", "draws"],
    payments: {
      all: ["admin", "payments"],
      page: (status: string, page: number) => ["admin", "payments", status, page],
    },
    withdrawals: {
      all: ["admin", "withdrawals"],
      list: (status: string) => ["admin", "withdrawals", status],
    },
  },
} as const;

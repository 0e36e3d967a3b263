import { LRUCache } from "lru-cache";
import type { MemberChanges } from "../db/member-changes";

/**
 * What an instance knows about members (their session, their finished watches), kept until the database
 * says the member changed. A value is trusted only while the change feed is live; a read that started
 * before a change to its member is not kept, so a cache never ends up older than the database.
 */
export class MemberKeyedCache<Key extends {}, Value extends {}> {
  private readonly entries: LRUCache<Key, { userId: number; value: Value }>;
  private readonly keysOf = new Map<number, Set<Key>>();
  /** The change number at which each recently changed member last changed. */
  private readonly changedAt = new LRUCache<number, number>({ max: 100_000 });
  private changes = 0;
  private lostAt = 0;

  constructor(
    private readonly feed: MemberChanges | undefined,
    options: { max: number; ttlMs: number },
  ) {
    this.entries = new LRUCache({
      max: options.max,
      ttl: options.ttlMs,
      dispose: (entry, key) => {
        const keys = this.keysOf.get(entry.userId);
        keys?.delete(key);
        if (keys?.size === 0) this.keysOf.delete(entry.userId);
      },
    });
    feed?.subscribe({
      changed: (userId) => this.forget(userId),
      lost: () => {
        this.lostAt = ++this.changes;
        this.entries.clear();
      },
    });
  }

  /** A number to hand back to `set`: the moment the read of the value started. */
  startRead(): number {
    return this.changes;
  }

  get(key: Key): Value | undefined {
    return this.feed?.live ? this.entries.get(key)?.value : undefined;
  }

  set(key: Key, userId: number, value: Value, readStartedAt: number, ttlMs?: number): void {
    if (!this.feed?.live || this.lostAt > readStartedAt) return;
    if ((this.changedAt.get(userId) ?? 0) > readStartedAt) return;
    this.entries.set(key, { userId, value }, ttlMs === undefined ? undefined : { ttl: ttlMs });
    let keys = this.keysOf.get(userId);
    if (!keys) {
      keys = new Set();
      this.keysOf.set(userId, keys);
    }
    keys.add(key);
  }

  delete(key: Key): void {
    this.entries.delete(key);
  }

  private forget(userId: number) {
    this.changedAt.set(userId, ++this.changes);
    const keys = this.keysOf.get(userId);
    if (!keys) return;
    this.keysOf.delete(userId);
    for (const key of keys) this.entries.delete(key);
  }
}

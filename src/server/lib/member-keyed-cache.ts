import { LRUCache } from "lru-cache";
import type { MemberChanges } from "../db/member-changes";

/** Whose change drops a kept value: a member (their id) or a business (`{ companyId }`). */
export type KeptOwner = number | { companyId: number };

function ownerKey(owner: KeptOwner): string {
  return typeof owner === "number" ? `member:${owner}` : `company:${owner.companyId}`;
}

/**
 * What an instance knows about members and businesses (their sessions, a member's finished watches), kept
 * until the database says the owner changed. A value is trusted only while the change feed is live; a read that started
 * before a change to its member is not kept, so a cache never ends up older than the database.
 */
export class MemberKeyedCache<Key extends {}, Value extends {}> {
  private readonly entries: LRUCache<Key, { owner: string; value: Value }>;
  private readonly keysOf = new Map<string, Set<Key>>();
  /** The change number at which each recently changed owner last changed. */
  private readonly changedAt = new LRUCache<string, number>({ max: 100_000 });
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
        const keys = this.keysOf.get(entry.owner);
        keys?.delete(key);
        if (keys?.size === 0) this.keysOf.delete(entry.owner);
      },
    });
    feed?.subscribe({
      changed: (userId) => this.forget(ownerKey(userId)),
      companyChanged: (companyId) => this.forget(ownerKey({ companyId })),
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

  set(key: Key, keptFor: KeptOwner, value: Value, readStartedAt: number, ttlMs?: number): void {
    if (!this.feed?.live || this.lostAt > readStartedAt) return;
    const owner = ownerKey(keptFor);
    if ((this.changedAt.get(owner) ?? 0) > readStartedAt) return;
    this.entries.set(key, { owner, value }, ttlMs === undefined ? undefined : { ttl: ttlMs });
    let keys = this.keysOf.get(owner);
    if (!keys) {
      keys = new Set();
      this.keysOf.set(owner, keys);
    }
    keys.add(key);
  }

  delete(key: Key): void {
    this.entries.delete(key);
  }

  private forget(owner: string) {
    this.changedAt.set(owner, ++this.changes);
    const keys = this.keysOf.get(owner);
    if (!keys) return;
    this.keysOf.delete(owner);
    for (const key of keys) this.entries.delete(key);
  }
}

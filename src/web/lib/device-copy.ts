/**
 * The last copy of a member's own data kept on this phone, so it opens with no signal (a shop counter
 * with a weak one). Each copy names its member and is only read back for that member; every copy is
 * removed when the signed-in member changes or signs out, so the next person on the phone never sees it.
 */
const keyPrefix = "device_copy:";

interface StoredCopy<T> {
  userId: number;
  savedAt: number;
  data: T;
}

/** Whose copies may be written now; set by the session (lib/auth). */
let ownerId: number | null = null;

function copyKeys(): string[] {
  const keys: string[] = [];
  for (let index = 0; index < localStorage.length; index++) {
    const key = localStorage.key(index);
    if (key?.startsWith(keyPrefix)) keys.push(key);
  }
  return keys;
}

/**
 * Called with the signed-in member (or null) at start and on every change: copies of anyone else are
 * removed, so a sign-out leaves none and a page load keeps the current member's.
 */
export function setDeviceCopyOwner(userId: number | null): void {
  ownerId = userId;
  try {
    for (const key of copyKeys()) {
      if (userId === null || readCopy(key)?.userId !== userId) localStorage.removeItem(key);
    }
  } catch {
    // Storage disabled: nothing was kept either.
  }
}

function readCopy<T>(key: string): StoredCopy<T> | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as StoredCopy<T>) : null;
  } catch {
    return null;
  }
}

export function keepOnDevice<T>(name: string, userId: number, data: T): void {
  // An answer that arrives after Logout (or for someone else) must not be written back.
  if (userId !== ownerId) return;
  const copy: StoredCopy<T> = { userId, savedAt: Date.now(), data };
  try {
    localStorage.setItem(keyPrefix + name, JSON.stringify(copy));
  } catch {
    // Storage full or disabled: the page still works online, it just won't open offline.
  }
}

export function readFromDevice<T>(name: string, userId: number): { data: T; savedAt: number } | null {
  const copy = readCopy<T>(keyPrefix + name);
  return copy && copy.userId === userId ? { data: copy.data, savedAt: copy.savedAt } : null;
}

import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { SessionUser } from "../../shared/contracts/session";
import { memberReadPaths } from "../../shared/prerendered-pages";
import { ApiError, apiJson, apiRequest } from "./api-client";
import { setDeviceCopyOwner } from "./device-copy";

/**
 * Work that must finish while the member is still signed in (reports queued in the page), run before
 * Logout ends the session. Each task gets a short time; a slow one never blocks signing out.
 */
const beforeSignOutTasks = new Set<() => Promise<void>>();
const beforeSignOutLimitMs = 2_000;

export function onBeforeSignOut(task: () => Promise<void>): void {
  beforeSignOutTasks.add(task);
}

async function runBeforeSignOut(): Promise<void> {
  const limit = new Promise<void>((resolve) => setTimeout(resolve, beforeSignOutLimitMs));
  const tasks = Promise.allSettled([...beforeSignOutTasks].map((task) => task())).then(() => undefined);
  await Promise.race([tasks, limit]);
}

/**
 * The member's session. The cookie is the session; local storage only remembers that
 * someone is signed in (auth_session) and who (auth_user), so the screen can render at once while the
 * server re-validates it. A 401 clears everything; other check failures are only logged.
 */
const storageKeys = { session: "auth_session", user: "auth_user", legacyToken: "auth_token" } as const;
const revalidateEveryMs = 5 * 60 * 1000;

interface AuthState {
  user: SessionUser | null;
  /** Always null: the session is a cookie. */
  token: null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** After a successful login, registration or verification whose answer carries the user. */
  signIn(user: SessionUser): void;
  refreshUser(): Promise<void>;
  logout(): Promise<void>;
  /** Forget the session locally when the server has already ended it (sign out everywhere, delete). */
  clearSession(): void;
  /** True once this tab signed out on purpose (not because the session expired). */
  signedOutOnPurpose: boolean;
}

const AuthContext = createContext<AuthState | null>(null);

function readStoredUser(): SessionUser | null {
  try {
    localStorage.removeItem(storageKeys.legacyToken);
    if (!localStorage.getItem(storageKeys.session)) return null;
    const raw = localStorage.getItem(storageKeys.user);
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

function storeUser(user: SessionUser | null) {
  // The copies kept for offline follow the session: another member, or none, and they are gone.
  setDeviceCopyOwner(user?.id ?? null);
  if (user) {
    localStorage.setItem(storageKeys.session, "true");
    localStorage.setItem(storageKeys.user, JSON.stringify(user));
  } else {
    localStorage.removeItem(storageKeys.session);
    localStorage.removeItem(storageKeys.user);
    localStorage.removeItem(storageKeys.legacyToken);
  }
}

/**
 * The session check every page makes mostly answers with the member already on screen: keeping that
 * same object then spares everything that reads the session (the top bar, each of the page's reads
 * kept on the phone) a render, while the page is still starting on a slow phone.
 */
export function sameOrChanged(current: SessionUser | null, next: SessionUser | null): SessionUser | null {
  return current && next && JSON.stringify(current) === JSON.stringify(next) ? current : next;
}

export function AuthProvider({
  children,
  initialUser,
}: {
  children: ReactNode;
  /** Who a page rendered on the server was for: fresher than this device's copy, which it replaces. */
  initialUser?: SessionUser;
}) {
  const [user, setUser] = useState<SessionUser | null>(() => {
    if (initialUser) {
      if (typeof window !== "undefined") storeUser(initialUser);
      return initialUser;
    }
    const stored = readStoredUser();
    setDeviceCopyOwner(stored?.id ?? null);
    return stored;
  });

  const applyUser = useCallback((next: SessionUser | null) => {
    storeUser(next);
    setUser((current) => sameOrChanged(current, next));
  }, []);

  // Several screens may ask at once (each query that met a 401): they share one session check.
  const checking = useRef<Promise<void> | null>(null);
  const refreshUser = useCallback(() => {
    checking.current ??= (async () => {
      try {
        const { user: current } = await apiJson<{ user: SessionUser }>("GET", memberReadPaths.session);
        applyUser(current);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) applyUser(null);
        else console.warn("Session check failed; keeping the session", error);
      } finally {
        checking.current = null;
      }
    })();
    return checking.current;
  }, [applyUser]);

  const hasUser = user !== null;
  useEffect(() => {
    if (!hasUser) return;
    void refreshUser();
    const timer = setInterval(() => void refreshUser(), revalidateEveryMs);
    return () => clearInterval(timer);
  }, [hasUser, refreshUser]);

  const [signedOutOnPurpose, setSignedOutOnPurpose] = useState(false);

  const logout = useCallback(async () => {
    await runBeforeSignOut();
    try {
      await apiRequest("POST", "/api/auth/logout");
    } catch (error) {
      console.warn("Logout request failed; signing out locally", error);
    }
    setSignedOutOnPurpose(true);
    applyUser(null);
  }, [applyUser]);

  const clearSession = useCallback(() => {
    setSignedOutOnPurpose(true);
    applyUser(null);
  }, [applyUser]);

  const signIn = useCallback(
    (next: SessionUser) => {
      setSignedOutOnPurpose(false);
      applyUser(next);
    },
    [applyUser],
  );

  const value = useMemo<AuthState>(
    () => ({
      user,
      token: null,
      isAuthenticated: user !== null,
      isAdmin: user?.role === "admin",
      signIn,
      refreshUser,
      logout,
      clearSession,
      signedOutOnPurpose,
    }),
    [user, signIn, refreshUser, logout, clearSession, signedOutOnPurpose],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used inside AuthProvider");
  return context;
}

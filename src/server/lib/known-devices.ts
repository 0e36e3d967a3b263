import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * A "known device": a browser that signed in to an account before, remembered in a signed, HttpOnly
 * cookie that only the server can write (the pattern of the counter's trusted phone). Throttles that close
 * an account to strangers after many wrong passwords leave the owner's own devices open
 * (docs/product-rules.md#accounts-wrong-passwords-across-addresses). The cookie holds a random id for the
 * device (so its tries are counted per device, whatever address it comes from) and the accounts that
 * signed in on it, newest first.
 */
export interface KnownDeviceCookie {
  name: string;
  /** Sent only to the sign-in routes under this path. */
  path: string;
}

export interface KnownDevice {
  /** The device's own id, once it has signed in to something; undefined for a browser never seen. */
  id: string | undefined;
  accountIds: number[];
}

/** Members' sign-ins (password, link, registration) are all under /api/auth. */
export const memberDevices: KnownDeviceCookie = { name: "anigye_known", path: "/api/auth" };
/** A business's password, two-step code and link sign-ins are all under /api/companies/login. */
export const businessDevices: KnownDeviceCookie = {
  name: "anigye_known_business",
  path: "/api/companies/login",
};

const rememberedAccounts = 20;
const deviceIdPattern = /^[A-Za-z0-9_-]{16,64}$/;

export function knownDeviceOf(request: FastifyRequest, cookie: KnownDeviceCookie): KnownDevice {
  const raw = request.cookies[cookie.name];
  const unsigned = raw ? request.unsignCookie(raw) : undefined;
  if (!unsigned?.valid || !unsigned.value) return { id: undefined, accountIds: [] };
  const [id = "", ...ids] = unsigned.value.split(".");
  if (!deviceIdPattern.test(id)) return { id: undefined, accountIds: [] };
  return { id, accountIds: ids.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0) };
}

/** Whether this device signed in to the account before; its id when it did. */
export function deviceKnownTo(device: KnownDevice, accountId: number | undefined): string | undefined {
  return accountId !== undefined && device.accountIds.includes(accountId) ? device.id : undefined;
}

/** After a sign-in: this device is known to the account from now on (for a year). */
export function rememberSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  cookie: KnownDeviceCookie,
  accountId: number,
  secureCookies: boolean,
): void {
  const device = knownDeviceOf(request, cookie);
  const id = device.id ?? randomBytes(18).toString("base64url");
  const accounts = [accountId, ...device.accountIds.filter((known) => known !== accountId)];
  reply.setCookie(cookie.name, [id, ...accounts.slice(0, rememberedAccounts)].join("."), {
    path: cookie.path,
    httpOnly: true,
    sameSite: "strict",
    secure: secureCookies,
    signed: true,
    maxAge: 365 * 24 * 3600,
  });
}

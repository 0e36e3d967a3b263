import { getDeviceFingerprint } from "./fingerprint";
import { currentLanguage } from "./language";

/** A non-ok answer, with the message the screens show: `{status}: {response text or status text}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    message: string,
    /** A 429's `Retry-After`, in seconds, when the server sent one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** The server's own `message` when the body is our error shape, else the raw text. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      return typeof parsed.message === "string" ? parsed.message : undefined;
    } catch {
      return undefined;
    }
  }

  /** The server's error code (`VALIDATION`, `PLAN_LIMIT`, `FORBIDDEN`…) when the body is our error shape. */
  get code(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { code?: unknown };
      return typeof parsed.code === "string" ? parsed.code : undefined;
    } catch {
      return undefined;
    }
  }

  get fields(): Record<string, string> | undefined {
    try {
      return (JSON.parse(this.body) as { fields?: Record<string, string> }).fields;
    } catch {
      return undefined;
    }
  }
}

export function requestHeaders(hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Device-Fingerprint": getDeviceFingerprint(),
    // Marks the call as made by this app; the server refuses state changes without it (CSRF defence).
    "X-Requested-With": "anigye",
    // The server answers its messages (validation, refusals) in the language on screen.
    "Accept-Language": currentLanguage(),
  };
  if (hasBody) headers["Content-Type"] = "application/json";
  return headers;
}

/** The error for a non-ok answer: `{status}: {text}`. */
export function apiErrorOf(status: number, text: string, retryAfter?: string | null): ApiError {
  const seconds = Number(retryAfter);
  const wait = retryAfter && Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
  return new ApiError(status, text, `${status}: ${text}`, wait);
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw apiErrorOf(response.status, text, response.headers.get("retry-after"));
}

/**
 * The generic mutation helper: method, URL and an optional JSON body. `keepalive` lets a small report
 * (impressions) finish while the page is being hidden or unloaded.
 */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  options: { keepalive?: boolean } = {},
): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: requestHeaders(body !== undefined),
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
    keepalive: options.keepalive,
  });
  await throwIfNotOk(response);
  return response;
}

export async function apiJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  return (await response.json()) as T;
}

/** GET `url` for a query whose answer is null when no one is signed in (a 401), instead of an error. */
export function getOrNullOn401<T>(url: string) {
  return async (): Promise<T | null> => {
    const response = await fetch(url, {
      headers: requestHeaders(false),
      credentials: "include",
    });
    if (response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

/** GET `url` for a query: its JSON answer, or the error for a non-ok one. */
export function getJson<T>(url: string) {
  return () => apiJson<T>("GET", url);
}

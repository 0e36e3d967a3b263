/** What a request tells about the device that sent it, kept with counter scans and fraud signals. */
export interface ClientSignals {
  ipAddress: string;
  userAgent: string | undefined;
  deviceFingerprint: string | undefined;
}

export function signalsOf(request: {
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}): ClientSignals {
  const header = (name: string) => {
    const value = request.headers[name];
    return (Array.isArray(value) ? value[0] : value)?.slice(0, 300);
  };
  return {
    ipAddress: request.ip,
    userAgent: header("user-agent"),
    deviceFingerprint: header("x-device-fingerprint"),
  };
}

import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The few Paystack calls the money module makes (https://paystack.com/docs/api/charge/ and
 * /transaction/#verify), and the webhook signature check. Amounts are in the subunit (pesewas for GHS).
 */
export interface PaystackConfig {
  secretKey: string;
  /** https://api.paystack.co, or a local fake in tests and staging. */
  baseUrl: string;
}

/** `data.status` of a charge: what the payer has to do next, or the outcome. */
export type ChargeStatus =
  | "success"
  | "failed"
  | "pending"
  | "send_otp"
  | "pay_offline"
  | "send_pin"
  | "send_birthday"
  | "send_phone"
  | "open_url"
  | "abandoned"
  | "reversed";

export interface ChargeResult {
  status: ChargeStatus;
  reference: string;
  displayText?: string;
  message?: string;
}

export interface VerifiedTransaction {
  /** "success", "failed", "abandoned", "ongoing", "pending", "reversed"... */
  status: string;
  reference: string;
  /** In pesewas. */
  amount: number;
  currency: string;
  id: number | string;
  gatewayResponse?: string;
}

export class PaystackError extends Error {}

export interface MobileMoneyCharge {
  email: string;
  amountPesewas: number;
  phone: string;
  provider: "mtn" | "vod" | "atl";
  reference: string;
  metadata?: Record<string, unknown>;
}

const callTimeoutMs = 20_000;

export function createPaystackClient(config: PaystackConfig, fetchImpl: typeof fetch = fetch) {
  async function call(method: "GET" | "POST", path: string, body?: unknown) {
    let response: Response;
    try {
      response = await fetchImpl(`${config.baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${config.secretKey}`,
          ...(body ? { "Content-Type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(callTimeoutMs),
      });
    } catch (error) {
      throw new PaystackError(`Paystack could not be reached: ${(error as Error).message}`);
    }
    const json = (await response.json().catch(() => undefined)) as
      | { status?: boolean; message?: string; data?: Record<string, unknown> }
      | undefined;
    if (!json || typeof json !== "object") throw new PaystackError(`Paystack answered ${response.status}`);
    return { ok: response.ok && json.status === true, message: json.message ?? "", data: json.data ?? {} };
  }

  function chargeResult(data: Record<string, unknown>, message: string, reference: string): ChargeResult {
    return {
      status: String(data.status ?? "failed") as ChargeStatus,
      reference: String(data.reference ?? reference),
      displayText: typeof data.display_text === "string" ? data.display_text : undefined,
      message: typeof data.gateway_response === "string" ? data.gateway_response : message,
    };
  }

  return {
    /** POST /charge with a mobile_money object. A refused charge (4xx) comes back as status "failed". */
    async chargeMobileMoney(charge: MobileMoneyCharge): Promise<ChargeResult> {
      const { ok, message, data } = await call("POST", "/charge", {
        email: charge.email,
        amount: charge.amountPesewas,
        currency: "GHS",
        reference: charge.reference,
        mobile_money: { phone: charge.phone, provider: charge.provider },
        metadata: charge.metadata,
      });
      if (!ok && !data.status) return { status: "failed", reference: charge.reference, message };
      return chargeResult(data, message, charge.reference);
    },

    /** POST /charge/submit_otp */
    async submitOtp(reference: string, otp: string): Promise<ChargeResult> {
      const { ok, message, data } = await call("POST", "/charge/submit_otp", { otp, reference });
      if (!ok && !data.status) return { status: "failed", reference, message };
      return chargeResult(data, message, reference);
    },

    /** GET /transaction/verify/:reference: the only answer we grant anything on. */
    async verifyTransaction(reference: string): Promise<VerifiedTransaction | undefined> {
      const { ok, data } = await call("GET", `/transaction/verify/${encodeURIComponent(reference)}`);
      if (!ok) return undefined;
      return {
        status: String(data.status ?? ""),
        reference: String(data.reference ?? ""),
        amount: Number(data.amount),
        currency: String(data.currency ?? ""),
        id: (data.id as number | string) ?? "",
        gatewayResponse: typeof data.gateway_response === "string" ? data.gateway_response : undefined,
      };
    },
  };
}

export type PaystackClient = ReturnType<typeof createPaystackClient>;

/** Paystack signs each webhook: x-paystack-signature is HMAC-SHA512 of the raw body with the secret key. */
export function paystackSignature(secretKey: string, rawBody: Buffer | string): string {
  return createHmac("sha512", secretKey).update(rawBody).digest("hex");
}

export function isValidPaystackSignature(secretKey: string, rawBody: Buffer, header: unknown): boolean {
  if (typeof header !== "string" || !/^[0-9a-f]{128}$/i.test(header)) return false;
  const expected = Buffer.from(paystackSignature(secretKey, rawBody), "hex");
  return timingSafeEqual(expected, Buffer.from(header, "hex"));
}

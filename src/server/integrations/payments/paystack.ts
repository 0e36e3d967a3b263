import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The few Paystack calls the money module makes (https://paystack.com/docs/api/charge/,
 * /transaction/#verify, and the mobile-money payouts of /transfer-recipient/ and /transfer/), and the webhook
 * signature check. Amounts are in the subunit (pesewas for GHS).
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

/** `data.status` of a transfer (https://paystack.com/docs/transfers/how-transfers-work/). */
export type TransferStatus =
  | "pending"
  | "success"
  | "failed"
  | "reversed"
  | "otp"
  | "abandoned"
  | "blocked"
  | "rejected"
  | "received";

export type MobileMoneyNetwork = "mtn" | "telecel" | "airteltigo";

/** The telco `code`s of GET /bank?currency=GHS&type=mobile_money; Paystack still lists Telecel as Vodafone. */
export const paystackMobileMoneyBankCode: Record<MobileMoneyNetwork, string> = {
  mtn: "MTN",
  telecel: "VOD",
  airteltigo: "ATL",
};

export interface MobileMoneyProvider {
  name: string;
  code: string;
  active: boolean;
}

export interface TransferRecipientDetails {
  /** The name the wallet holder gave us: Paystack cannot look up a Ghanaian MoMo wallet's name. */
  name: string;
  /** The wallet's phone number. */
  accountNumber: string;
  /** A `paystackMobileMoneyBankCode` value. */
  bankCode: string;
}

export interface TransferRecipient {
  recipientCode: string;
  /** `details.account_name`: null for mobile money, as documented. */
  accountName: string | null;
}

export interface TransferRequest {
  amountPesewas: number;
  recipientCode: string;
  /** 16 to 50 of a-z, 0-9, "-" and "_". Retry with the same reference: Paystack never pays one twice. */
  reference: string;
  reason: string;
}

export interface InitiatedTransfer {
  /**
   * The new transfer's status; "duplicate" when a transfer with this reference already exists (nothing new
   * was sent); "refused" when Paystack refused the request and made no transfer.
   */
  status: TransferStatus | "duplicate" | "refused";
  transferCode: string | null;
  reference: string;
  message: string;
}

export interface PaystackTransfer {
  status: TransferStatus;
  reference: string;
  /** In pesewas. */
  amount: number;
  currency: string;
  transferCode: string;
  id: number | string;
  createdAt: string;
}

export interface TransferListQuery {
  from?: Date;
  to?: Date;
  page?: number;
  perPage?: number;
}

export interface TransferPage {
  transfers: PaystackTransfer[];
  meta: { total: number; page: number; pageCount: number; perPage: number };
}

const callTimeoutMs = 20_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function transferFrom(data: Record<string, unknown>): PaystackTransfer {
  return {
    status: String(data.status ?? "") as TransferStatus,
    reference: String(data.reference ?? ""),
    amount: Number(data.amount),
    currency: String(data.currency ?? ""),
    transferCode: String(data.transfer_code ?? ""),
    id: (data.id as number | string) ?? "",
    createdAt: String(data.createdAt ?? data.created_at ?? ""),
  };
}

function transferListPath(query: TransferListQuery): string {
  const params = new URLSearchParams();
  if (query.perPage !== undefined) params.set("perPage", String(query.perPage));
  if (query.page !== undefined) params.set("page", String(query.page));
  if (query.from) params.set("from", query.from.toISOString());
  if (query.to) params.set("to", query.to.toISOString());
  const search = params.toString();
  return search ? `/transfer?${search}` : "/transfer";
}

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
      | { status?: boolean; message?: string; data?: unknown; meta?: unknown }
      | undefined;
    if (!json || typeof json !== "object") throw new PaystackError(`Paystack answered ${response.status}`);
    return {
      ok: response.ok && json.status === true,
      httpStatus: response.status,
      message: json.message ?? "",
      data: isRecord(json.data) ? json.data : {},
      /** `data` when it is a list (GET /bank, GET /transfer). */
      items: Array.isArray(json.data) ? json.data.filter(isRecord) : [],
      meta: isRecord(json.meta) ? json.meta : {},
    };
  }

  /** GET /transfer/verify/:reference; undefined when Paystack has no transfer with this reference. */
  async function verifyTransfer(reference: string): Promise<PaystackTransfer | undefined> {
    const answer = await call("GET", `/transfer/verify/${encodeURIComponent(reference)}`);
    if (answer.ok) return transferFrom(answer.data);
    if (answer.httpStatus === 404 || /not found/i.test(answer.message)) return undefined;
    throw new PaystackError(`Paystack could not verify transfer ${reference}: ${answer.message}`);
  }

  /**
   * POST /transfer was refused. Paystack refuses a reference already used on a transfer, so look the
   * reference up rather than read the error's wording: if a transfer has it, this was a repeat.
   */
  async function refusedTransfer(
    reference: string,
    answer: { httpStatus: number; message: string },
  ): Promise<InitiatedTransfer> {
    const existing = await verifyTransfer(reference);
    if (existing) {
      return { status: "duplicate", transferCode: existing.transferCode, reference, message: answer.message };
    }
    // A server error may still have made the transfer: the caller retries later with the same reference.
    if (answer.httpStatus >= 500)
      throw new PaystackError(`Paystack answered ${answer.httpStatus}: ${answer.message}`);
    return { status: "refused", transferCode: null, reference, message: answer.message };
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

    /** GET /bank?currency=GHS&type=mobile_money: the telcos a GHS payout can go to. */
    async listMobileMoneyProviders(): Promise<MobileMoneyProvider[]> {
      const answer = await call("GET", "/bank?currency=GHS&type=mobile_money");
      if (!answer.ok) throw new PaystackError(`Paystack could not list the telcos: ${answer.message}`);
      return answer.items.map((bank) => ({
        name: String(bank.name ?? ""),
        code: String(bank.code ?? ""),
        active: bank.active !== false,
      }));
    },

    /** POST /transferrecipient for a GHS wallet. Paystack returns the existing recipient for a known number. */
    async createTransferRecipient(wallet: TransferRecipientDetails): Promise<TransferRecipient> {
      const answer = await call("POST", "/transferrecipient", {
        type: "mobile_money",
        name: wallet.name,
        account_number: wallet.accountNumber,
        bank_code: wallet.bankCode,
        currency: "GHS",
      });
      if (!answer.ok) throw new PaystackError(`Paystack refused the recipient: ${answer.message}`);
      const details = isRecord(answer.data.details) ? answer.data.details : {};
      return {
        recipientCode: String(answer.data.recipient_code ?? ""),
        accountName: typeof details.account_name === "string" ? details.account_name : null,
      };
    },

    /** POST /transfer from the Paystack balance. A network error throws: retry with the same reference. */
    async initiateTransfer(transfer: TransferRequest): Promise<InitiatedTransfer> {
      const answer = await call("POST", "/transfer", {
        source: "balance",
        amount: transfer.amountPesewas,
        recipient: transfer.recipientCode,
        reference: transfer.reference,
        reason: transfer.reason,
        currency: "GHS",
      });
      if (!answer.ok) return refusedTransfer(transfer.reference, answer);
      return {
        status: String(answer.data.status ?? "pending") as TransferStatus,
        transferCode: typeof answer.data.transfer_code === "string" ? answer.data.transfer_code : null,
        reference: String(answer.data.reference ?? transfer.reference),
        message: answer.message,
      };
    },

    verifyTransfer,

    /** GET /transfer with the documented paging (perPage, page) and date range (from, to). */
    async listTransfers(query: TransferListQuery = {}): Promise<TransferPage> {
      const answer = await call("GET", transferListPath(query));
      if (!answer.ok) throw new PaystackError(`Paystack could not list transfers: ${answer.message}`);
      const { meta } = answer;
      return {
        transfers: answer.items.map(transferFrom),
        meta: {
          total: Number(meta.total ?? answer.items.length),
          page: Number(meta.page ?? query.page ?? 1),
          pageCount: Number(meta.pageCount ?? 1),
          perPage: Number(meta.perPage ?? query.perPage ?? answer.items.length),
        },
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

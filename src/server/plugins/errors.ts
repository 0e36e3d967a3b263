import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { Language } from "../../shared/i18n/languages";
import { isTransientConflict } from "../lib/db-errors";
import { AppError } from "../lib/errors";
import { languageOf, type MessageValues, translateMessage } from "../lib/i18n";

interface ErrorBody {
  message: string;
  code: string;
  fields?: Record<string, string>;
}

/** One error shape for every failure: `{ message, code, fields? }`; a 5xx never leaks details. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const bodyOf = answerIn(languageOf(request));
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.status)
        .send(bodyOf(error.code, error.said.message, error.fields, error.said.values));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
        fields[field] ??= issue.message ?? "Invalid value";
      }
      const first = Object.values(fields)[0] ?? "Invalid request";
      return reply.status(400).send(bodyOf("VALIDATION", first, fields));
    }
    if (isBrokenUpload(error)) {
      return reply
        .status(400)
        .send(bodyOf("BAD_REQUEST", "The upload could not be read. Please try again.", undefined));
    }
    if (isTransientConflict(error)) {
      // Retries already ran where it matters; say so plainly instead of "something went wrong".
      return reply.status(503).send(bodyOf("BUSY", "We're busy right now. Please try again.", undefined));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", "5")
        .send(
          bodyOf(
            "UNAVAILABLE",
            "The database is unavailable right now. Please try again in a moment.",
            undefined,
          ),
        );
    }
    if (isDatabaseDataException(error)) {
      return reply.status(400).send(bodyOf("BAD_REQUEST", "A value in the request is not valid", undefined));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(bodyOf(clientErrorCode(status), clientErrorMessage(error), undefined));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send(bodyOf("INTERNAL", "Something went wrong. Please try again.", undefined));
  });
}

/** The multipart parser's own failures on a cut-off or malformed upload (raised outside the route). */
function isBrokenUpload(error: FastifyError): boolean {
  return (
    error.statusCode === undefined &&
    /^(Unexpected end of (multipart data|form)|Malformed part header|Multipart: Boundary not found)/.test(
      error.message,
    )
  );
}

const unreachableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * The database can't be reached or is restarting: a refused or dropped connection, a pool that timed out
 * waiting to connect, or SQLSTATE 57P01-57P03 (shutdown) and class 08 (connection exceptions).
 */
function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (
      typeof code === "string" &&
      (unreachableCodes.has(code) || /^(57P0[123]|08[0-9A-Z]{3})$/.test(code))
    ) {
      return true;
    }
    if (
      typeof message === "string" &&
      /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED/.test(message)
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** SQLSTATE class 22 (numeric out of range, NUL in text, bad dates...): the input was bad, not the server. */
function isDatabaseDataException(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The error body, its message (ICU filled with `values` when it has them) and each field's message in
 * the request's language (docs/product-rules.md#language-english-and-twi).
 */
function answerIn(language: Language) {
  return (
    code: string,
    message: string,
    fields: Record<string, string> | undefined,
    values?: MessageValues,
  ): ErrorBody => {
    const translated = translateMessage(message, language, values);
    if (!fields) return { message: translated, code };
    const translatedFields = Object.fromEntries(
      Object.entries(fields).map(([field, text]) => [field, translateMessage(text, language)]),
    );
    return { message: translated, code, fields: translatedFields };
  };
}

function clientErrorCode(status: number): string {
  if (status === 413) return "PAYLOAD_TOO_LARGE";
  if (status === 415) return "UNSUPPORTED_MEDIA_TYPE";
  if (status === 429) return "RATE_LIMITED";
  if (status === 404) return "NOT_FOUND";
  return "BAD_REQUEST";
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return "The request body is not valid JSON";
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The request body is empty";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "The request is too large";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported content type";
    default:
      return error.message || "Bad request";
  }
}

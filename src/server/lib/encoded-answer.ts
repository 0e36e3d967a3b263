import { hash } from "node:crypto";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";

export type AnswerEncoding = "br" | "gzip" | "identity";

/**
 * A JSON answer many callers share (the landing's counters, Discover's lists), serialised once, compressed
 * at most once per encoding, with its ETag. Sending it skips the per-request serialiser, hashing and
 * compression, which were most of a cached read's cost (CPU profiles of the load bench).
 */
export class EncodedAnswer {
  readonly etag: string;
  private readonly encoded = new Map<AnswerEncoding, Buffer>();
  private readonly json: string;

  constructor(value: unknown, etag?: string) {
    this.json = JSON.stringify(value);
    this.etag = etag ?? `W/"${hash("sha1", this.json, "base64url").slice(0, 27)}"`;
  }

  in(encoding: AnswerEncoding): Buffer {
    let body = this.encoded.get(encoding);
    if (!body) {
      const plain = Buffer.from(this.json);
      body =
        encoding === "br"
          ? brotliCompressSync(plain, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
          : encoding === "gzip"
            ? gzipSync(plain)
            : plain;
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

// Remembers the Accept-Encoding headers it has weighed (browsers send a handful of distinct ones).
const encodings = new Negotiator<AnswerEncoding>({
  supportedValues: ["br", "gzip", "identity"],
  cache: new LRUCache<string, string>({ max: 100 }),
});

/** Brotli, else gzip, else plain, as the browser's Accept-Encoding (with its q-values) allows. */
function preferredEncoding(acceptEncoding: string | undefined): AnswerEncoding {
  return acceptEncoding ? (encodings.negotiate(acceptEncoding) ?? "identity") : "identity";
}

/** If-None-Match names this tag (browsers send back a weak tag as they got it). */
export function holdsTag(ifNoneMatch: string | undefined, etag: string): boolean {
  return (ifNoneMatch ?? "").split(/\s*,\s*/).some((tag) => tag === etag || `W/${tag}` === etag);
}

/**
 * Sends a shared answer: 304 when the caller holds its tag, else its JSON in the best encoding the caller
 * accepts, past the serialiser and the compressor. The route's response schema still documents it.
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Pick<EncodedAnswer, "etag" | "in">,
): FastifyReply {
  reply.header("etag", answer.etag);
  if (holdsTag(request.headers["if-none-match"], answer.etag)) return reply.code(304).send(null);
  const encoding = preferredEncoding(request.headers["accept-encoding"]);
  reply.header("vary", "accept-encoding").type("application/json; charset=utf-8");
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  return reply.send(answer.in(encoding));
}

import type { Readable } from "node:stream";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import {
  type MediaObject,
  type MediaRequest,
  type MediaServing,
  type MediaStorage,
  mediaCacheControl,
} from "./storage";

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Absent for AWS itself; MinIO, Cloudflare R2, Backblaze B2, DigitalOcean Spaces… name theirs. */
  endpoint?: string;
  /** `bucket` in the path rather than the host name (MinIO and most self-hosted servers need it). */
  forcePathStyle: boolean;
  /** Absent: the SDK's default chain (an instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** A CDN or public bucket that serves the keys; absent: the app's own /media/ route streams them. */
  publicUrl?: string;
}

// S3's smallest multipart part. One part in flight: an upload holds at most ~5 MB in memory.
const partSize = 5 * 1024 * 1024;

/**
 * Media in an S3-compatible bucket. Every object is written with its content type and a one-year
 * immutable cache header, so a CDN or public bucket can serve it exactly as the app would.
 */
export class S3MediaStorage implements MediaStorage {
  readonly serving: MediaServing;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicPrefix: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.publicPrefix = options.publicUrl ? `${options.publicUrl}/` : "/media/";
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // Checksums only where S3 requires them: many S3-compatible servers reject the newer default ones.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    this.serving = { kind: "store", open: (key, request) => this.open(key, request) };
  }

  async save(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentLength: data.length,
        ContentType: contentType,
        CacheControl: mediaCacheControl,
      }),
    );
  }

  /** One PutObject for a small file, a multipart upload (aborted on failure) for a larger one. */
  async saveStream(key: string, stream: Readable, contentType: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: stream,
        ContentType: contentType,
        CacheControl: mediaCacheControl,
      },
      partSize,
      queueSize: 1,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async move(fromKey: string, toKey: string, contentType: string): Promise<void> {
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: toKey,
        CopySource: `${this.bucket}/${fromKey.split("/").map(encodeURIComponent).join("/")}`,
        MetadataDirective: "REPLACE",
        ContentType: contentType,
        CacheControl: mediaCacheControl,
      }),
    );
    await this.remove(fromKey);
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async read(key: string): Promise<Buffer> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  }

  urlFor(key: string): string {
    return `${this.publicPrefix}${key}`;
  }

  private async open(key: string, request: MediaRequest): Promise<MediaObject | undefined> {
    const input = {
      Bucket: this.bucket,
      Key: key,
      Range: request.range,
      IfNoneMatch: request.ifNoneMatch,
    };
    try {
      const object =
        request.method === "HEAD"
          ? await this.client.send(new HeadObjectCommand(input))
          : await this.client.send(new GetObjectCommand(input));
      return {
        status: object.ContentRange ? 206 : 200,
        body: "Body" in object ? (object.Body as Readable | undefined) : undefined,
        contentType: object.ContentType,
        contentLength: object.ContentLength,
        contentRange: object.ContentRange,
        etag: object.ETag,
        lastModified: object.LastModified,
      };
    } catch (error) {
      // The SDK reports these answers as errors; they are ordinary outcomes for a file server.
      switch ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode) {
        case 304:
          return { status: 304, etag: request.ifNoneMatch };
        case 404:
          return undefined;
        case 416:
          return { status: 416 };
        default:
          throw error;
      }
    }
  }
}

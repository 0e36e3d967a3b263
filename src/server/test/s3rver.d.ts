/** The few parts of s3rver (an S3-compatible server for tests; the package ships no types) the tests use. */
declare module "s3rver" {
  interface S3rverOptions {
    address?: string;
    /** 0 picks a free port. */
    port?: number;
    /** Where buckets and objects are kept on disk. */
    directory: string;
    silent?: boolean;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}

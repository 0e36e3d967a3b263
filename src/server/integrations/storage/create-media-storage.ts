import type { StorageConfig } from "../../config";
import { S3MediaStorage } from "./s3-storage";
import { LocalDiskStorage, type MediaStorage } from "./storage";

/** The store STORAGE_DRIVER names: local disk under DATA_DIR/media, or an S3-compatible bucket. */
export function createMediaStorage(config: { storage: StorageConfig }): MediaStorage {
  const { storage } = config;
  if (storage.driver === "s3") return new S3MediaStorage(storage);
  return new LocalDiskStorage(storage.directory, storage.publicUrl ? `${storage.publicUrl}/` : "/media/");
}

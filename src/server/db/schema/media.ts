import { bigint, index, integer, pgTable, real, text } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { companies } from "./companies";
import { mediaKindEnum } from "./enums";

/** Uploaded images and videos (local disk or S3); keys are storage paths, not URLs. */
export const mediaFiles = pgTable(
  "media_files",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: mediaKindEnum("kind").notNull(),
    mimeType: text("mime_type").notNull(),
    storageKey: text("storage_key").notNull().unique("media_files_storage_key_key"),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    width: integer("width"),
    height: integer("height"),
    durationSeconds: real("duration_seconds"),
    /** WebP thumbnail generated with sharp. */
    thumbnailKey: text("thumbnail_key"),
    /** Poster frame for a video. */
    posterKey: text("poster_key"),
    originalName: text("original_name"),
    createdAt: createdAt(),
  },
  (t) => [index("media_files_company_id_idx").on(t.companyId)],
);

export type MediaFile = typeof mediaFiles.$inferSelect;
export type NewMediaFile = typeof mediaFiles.$inferInsert;

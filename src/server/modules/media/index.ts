/** Uploaded images and videos: checked, measured and thumbnailed; owns media_files. */

export type { MediaFile } from "../../db/schema/media";
export { mediaRoutes } from "./media.routes";
export { findCompanyMedia } from "./media-upload.service";
export { storeProofImage } from "./proof-images";

import fastifyMultipart, { type MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { mediaLimits, uploadedMedia } from "../../../shared/contracts/ads";
import { companyProfile } from "../../../shared/contracts/companies";
import type { AppDeps } from "../../app-deps";
import { AppError } from "../../lib/errors";
import { companyParams } from "../../lib/route-params";
import { type Company, loadCompanyProfile, requireCompanyAccess, setCompanyImage } from "../companies";
import {
  discardAdFile,
  type ReceivedAdFile,
  receiveAdFile,
  storeAdMedia,
  storeCompanyImage,
  uploadTooLarge,
} from "./media-upload.service";

/** Reads the multipart parts into memory, refusing anything past the largest allowed file. */
async function readParts(request: FastifyRequest) {
  const files = new Map<string, { data: Buffer; filename: string }>();
  if (!request.isMultipart())
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the file as multipart/form-data");
  for await (const part of request.files()) {
    files.set(part.fieldname, { data: await readWhole(part), filename: part.filename });
  }
  return files;
}

async function readWhole(part: MultipartFile): Promise<Buffer> {
  const data = await part.toBuffer();
  if (part.file.truncated) throw uploadTooLarge();
  return data;
}

/**
 * An ad's upload: the `file` part goes to the media service as a stream (a video is never held whole in
 * memory); the small `poster` part is read into memory. A video already streamed into storage is
 * dropped again if anything after it fails.
 */
async function receiveAdUpload(deps: AppDeps, company: Company, request: FastifyRequest) {
  if (!request.isMultipart())
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the file as multipart/form-data");
  let received: ReceivedAdFile | undefined;
  let poster: Buffer | undefined;
  try {
    for await (const part of request.files()) {
      if (part.fieldname === "file" && !received) {
        received = await receiveAdFile(deps, company, {
          chunks: part.file,
          filename: part.filename,
          wasTruncated: () => part.file.truncated,
        });
      } else {
        const data = await readWhole(part);
        if (part.fieldname === "poster") poster = data;
      }
    }
    if (!received)
      throw new AppError("VALIDATION", "Choose a file to upload", { file: "Choose a file to upload" });
    return await storeAdMedia(deps, company, received, poster);
  } catch (error) {
    if (received) await discardAdFile(deps, received);
    throw error;
  }
}

export function mediaRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: mediaLimits.videoMaxBytes, files: 2, fields: 5, parts: 7 },
      // A part over the limit is cut off and flagged (checked in readParts) rather than failing mid-stream.
      throwFileSizeLimit: false,
    });

    app.post(
      "/api/companies/:companyId/media",
      {
        schema: {
          summary: "Upload an ad's image or video (multipart)",
          params: companyParams,
          response: { 200: uploadedMedia },
        },
        bodyLimit: mediaLimits.videoMaxBytes * 2,
        config: { access: "ownerOrAdmin", multipartBody: { required: ["file"], optional: ["poster"] } },
      },
      async (request) => {
        const company = await requireCompanyAccess(deps.db, request, request.params.companyId);
        return receiveAdUpload(deps, company, request);
      },
    );

    for (const kind of ["logo", "storefront"] as const) {
      app.post(
        `/api/companies/:companyId/${kind}`,
        {
          schema: {
            summary: "Upload the business's logo or storefront image (multipart)",
            params: companyParams,
            response: { 200: companyProfile },
          },
          bodyLimit: mediaLimits.imageMaxBytes * 2,
          config: { access: "ownerOrAdmin", multipartBody: { required: ["file"] } },
        },
        async (request) => {
          const company = await requireCompanyAccess(deps.db, request, request.params.companyId);
          const file = (await readParts(request)).get("file");
          if (!file)
            throw new AppError("VALIDATION", "Choose an image to upload", {
              file: "Choose an image to upload",
            });
          const url = await storeCompanyImage(deps, company, file.data, kind);
          const updated = await setCompanyImage(
            deps.db,
            company.id,
            kind === "logo" ? "logo" : "storefrontImage",
            url,
          );
          return loadCompanyProfile(deps.db, updated, deps.now());
        },
      );
    }
  };
}

import fastifyMultipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { mediaLimits, uploadedMedia } from "../../../shared/contracts/ads";
import { companyProfile } from "../../../shared/contracts/companies";
import type { AppDeps } from "../../app-deps";
import { AppError } from "../../lib/errors";
import { companyParams } from "../../lib/route-params";
import { loadCompanyProfile, requireCompanyAccess, setCompanyImage } from "../companies";
import { storeAdMedia, storeCompanyImage } from "./media-upload.service";

/** Reads the multipart parts into memory, refusing anything past the largest allowed file. */
async function readParts(request: FastifyRequest) {
  const files = new Map<string, { data: Buffer; filename: string }>();
  if (!request.isMultipart())
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the file as multipart/form-data");
  for await (const part of request.files()) {
    const data = await part.toBuffer();
    if (part.file.truncated) {
      throw new AppError(
        "PAYLOAD_TOO_LARGE",
        `Files must be ${mediaLimits.videoMaxBytes / 1024 / 1024} MB or smaller.`,
      );
    }
    files.set(part.fieldname, { data, filename: part.filename });
  }
  return files;
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
        config: { multipartBody: { required: ["file"], optional: ["poster"] } },
      },
      async (request) => {
        const company = await requireCompanyAccess(deps.db, request, request.params.companyId);
        const parts = await readParts(request);
        const file = parts.get("file");
        if (!file)
          throw new AppError("VALIDATION", "Choose a file to upload", { file: "Choose a file to upload" });
        return storeAdMedia(deps, company, {
          data: file.data,
          originalName: file.filename,
          poster: parts.get("poster")?.data,
        });
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
          config: { multipartBody: { required: ["file"] } },
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

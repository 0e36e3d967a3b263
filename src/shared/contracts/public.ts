import { z } from "zod";

/** GET /api/stats/public: active consumers and active companies. */
export const publicStatsResponse = z.object({
  totalUsers: z.number().int().nonnegative(),
  totalCompanies: z.number().int().nonnegative(),
});
export type PublicStats = z.infer<typeof publicStatsResponse>;

/** GET /api/companies/carousel: at most 20 active companies that have a logo. */
export const carouselCompany = z.object({ id: z.number().int(), name: z.string(), logo: z.string() });
export const carouselResponse = z.array(carouselCompany);
export type CarouselCompany = z.infer<typeof carouselCompany>;

export const healthResponse = z.object({ status: z.literal("ok"), database: z.literal("ok") });
/** GET /api/health/ready: for a load balancer, which sends traffic only to a ready instance. */
export const readinessResponse = z.object({ status: z.literal("ready"), database: z.literal("ok") });

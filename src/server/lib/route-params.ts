import { z } from "zod";
import { idParam } from "../../shared/contracts/ids";

export const companyParams = z.object({ companyId: idParam });
export const adParams = companyParams.extend({ adId: idParam });
export const staffParams = companyParams.extend({ staffId: idParam });

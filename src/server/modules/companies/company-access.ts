import { and, eq, isNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client";
import { type Company, companies } from "../../db/schema/companies";
import { AppError, forbidden, unauthenticated } from "../../lib/errors";
import { currentUser } from "../auth";

export async function findCompany(db: Executor, companyId: number): Promise<Company | undefined> {
  const [company] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)))
    .limit(1);
  return company;
}

/** A suspended (or otherwise switched off) business may not sign in or use its dashboard or counter. */
export function isCompanyActive(company: Pick<Company, "status" | "isActive">): boolean {
  return company.status === "active" && company.isActive;
}

export const companySuspended = () =>
  new AppError("FORBIDDEN", "This business account is suspended. Contact Anigye support.");

/** The company signed in on this request (owner session), if any. */
export async function signedInCompanyId(request: FastifyRequest): Promise<number | undefined> {
  const session = await request.getSession("business");
  return session?.kind === "company" && session.companyId ? session.companyId : undefined;
}

/**
 * The company's own owner, or a platform admin, may manage it; anyone else is refused. A company
 * can never read or change another company's data.
 */
export async function requireCompanyAccess(
  db: Executor,
  request: FastifyRequest,
  companyId: number,
): Promise<Company> {
  const ownCompanyId = await signedInCompanyId(request);
  if (ownCompanyId === undefined) {
    const user = await currentUser(request);
    if (!user) throw unauthenticated();
    if (user.role !== "admin") throw forbidden();
  } else if (ownCompanyId !== companyId) {
    throw forbidden();
  }
  const company = await findCompany(db, companyId);
  if (!company) throw new AppError("NOT_FOUND", "Company not found");
  if (ownCompanyId !== undefined && !isCompanyActive(company)) throw companySuspended();
  return company;
}

/**
 * Locks the company's row for the rest of the transaction and returns it, so a check against its plan
 * (how many ads it may have) can't be raced by a second request.
 */
export async function lockCompany(tx: Executor, companyId: number): Promise<Company> {
  const [locked] = await tx.select().from(companies).where(eq(companies.id, companyId)).for("update");
  if (!locked) throw new AppError("NOT_FOUND", "Company not found");
  return locked;
}

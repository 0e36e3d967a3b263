import { and, asc, count, eq, isNotNull, isNull } from "drizzle-orm";
import type { CarouselCompany, PublicStats } from "../../../shared/contracts/public";
import type { Executor } from "../../db/client";
import { users } from "../../db/schema/auth";
import { companies } from "../../db/schema/companies";

export const carouselLimit = 20;

/** An active consumer: a verified, active, not deleted account with the plain user role. */
const isActiveConsumer = and(
  eq(users.role, "user"),
  eq(users.isActive, true),
  eq(users.isEmailVerified, true),
  isNull(users.deletedAt),
);

const isActiveCompany = and(
  eq(companies.status, "active"),
  eq(companies.isActive, true),
  isNull(companies.deletedAt),
);

export async function countPublicStats(db: Executor): Promise<PublicStats> {
  const [[consumers], [activeCompanies]] = await Promise.all([
    db.select({ total: count() }).from(users).where(isActiveConsumer),
    db.select({ total: count() }).from(companies).where(isActiveCompany),
  ]);
  return { totalUsers: consumers?.total ?? 0, totalCompanies: activeCompanies?.total ?? 0 };
}

export async function findCarouselCompanies(db: Executor): Promise<CarouselCompany[]> {
  const rows = await db
    .select({ id: companies.id, name: companies.name, logo: companies.logo })
    .from(companies)
    .where(and(isActiveCompany, eq(companies.showInCarousel, true), isNotNull(companies.logo)))
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(carouselLimit);
  return rows.flatMap((row) => (row.logo ? [{ id: row.id, name: row.name, logo: row.logo }] : []));
}

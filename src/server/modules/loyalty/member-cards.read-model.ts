import { and, desc, eq, isNull, or } from "drizzle-orm";
import type { LoyaltyCard, LoyaltyPlace } from "../../../shared/contracts/counter";
import type { Executor } from "../../db/client";
import { ads } from "../../db/schema/ads";
import { companies } from "../../db/schema/companies";
import { loyaltyCards, loyaltyPrograms } from "../../db/schema/loyalty";

// The member's cards with each shop's name and logo, and a shop's poster page: reads across loyalty,
// companies and ads.

type CardRow = {
  card: typeof loyaltyCards.$inferSelect;
  programName: string;
  rewardTitle: string;
  companyName: string;
  companyLogo: string | null;
};

function toCard({ card, programName, rewardTitle, companyName, companyLogo }: CardRow): LoyaltyCard {
  return {
    id: card.id,
    companyId: card.companyId,
    companyName,
    companyLogo,
    programName,
    rewardTitle,
    currentStamps: card.currentStamps,
    requiredStamps: card.requiredStamps,
    isCompleted: card.isCompleted,
    rewardUnlocked: card.isCompleted && !card.rewardClaimed,
    rewardClaimed: card.rewardClaimed,
    cashbackPesewas: card.isCompleted && !card.rewardClaimed ? card.cashbackPesewas : null,
    expiresAt: card.expiresAt?.toISOString() ?? null,
    lastStampAt: card.updatedAt.toISOString(),
  };
}

/** The member's live cards and completed cards whose reward still waits, rewards first. */
export async function listMemberCards(
  db: Executor,
  userId: number,
  companyId?: number,
): Promise<LoyaltyCard[]> {
  const rows = await db
    .select({
      card: loyaltyCards,
      programName: loyaltyPrograms.programName,
      rewardTitle: loyaltyPrograms.rewardTitle,
      companyName: companies.name,
      companyLogo: companies.logo,
    })
    .from(loyaltyCards)
    .innerJoin(loyaltyPrograms, eq(loyaltyPrograms.id, loyaltyCards.programId))
    .innerJoin(companies, eq(companies.id, loyaltyCards.companyId))
    .where(
      and(
        eq(loyaltyCards.userId, userId),
        companyId === undefined ? undefined : eq(loyaltyCards.companyId, companyId),
        or(
          eq(loyaltyCards.isActive, true),
          and(eq(loyaltyCards.isCompleted, true), eq(loyaltyCards.rewardClaimed, false)),
        ),
      ),
    )
    .orderBy(desc(loyaltyCards.isCompleted), desc(loyaltyCards.updatedAt))
    .limit(100);
  return rows.map(toCard);
}

/** What a shop's printed poster QR opens: the shop, its program, the member's card there, its ads. */
export async function loadLoyaltyPlace(
  db: Executor,
  companyId: number,
  userId: number | undefined,
  now: Date,
): Promise<LoyaltyPlace | undefined> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company || company.deletedAt || !company.isActive || company.status !== "active") return undefined;
  const [program] = await db
    .select()
    .from(loyaltyPrograms)
    .where(and(eq(loyaltyPrograms.companyId, companyId), eq(loyaltyPrograms.isActive, true)));
  const cards = userId === undefined ? [] : await listMemberCards(db, userId, companyId);
  const shopAds = await db
    .select({ id: ads.id, title: ads.title, thumbnailUrl: ads.thumbnailUrl, expiresAt: ads.expiresAt })
    .from(ads)
    .where(and(eq(ads.companyId, companyId), eq(ads.isActive, true), isNull(ads.deletedAt)))
    .orderBy(desc(ads.id))
    .limit(10);
  return {
    companyId: company.id,
    companyName: company.name,
    companyLogo: company.logo,
    address: company.address,
    googleMapsUrl: company.googleMapsUrl,
    program: program
      ? {
          programName: program.programName,
          description: program.description,
          requiredVisits: program.requiredVisits,
          rewardTitle: program.rewardTitle,
          minimumSpend: program.minimumSpendPesewas / 100,
        }
      : null,
    myCard: cards[0] ?? null,
    ads: shopAds
      .filter((ad) => !ad.expiresAt || ad.expiresAt > now)
      .map(({ id, title, thumbnailUrl }) => ({ id, title, thumbnailUrl })),
  };
}

import { Clock, MapPin, Navigation, Phone, Star } from "lucide-react";
import { useState } from "react";
import type { PublicCompany } from "../../../shared/contracts/purchases";
import { buttonClass } from "../../components/ui/button";
import { initialsOf } from "../../lib/format";
import { useT } from "../../lib/i18n";
import { usePlaceNames } from "../../lib/place-names";

function Logo({ company }: { company: PublicCompany }) {
  const [failed, setFailed] = useState(false);
  if (company.logo && !failed) {
    return (
      <img
        src={company.logo}
        alt=""
        width={64}
        height={64}
        onError={() => setFailed(true)}
        className="size-16 shrink-0 rounded-2xl object-cover ring-1 ring-stone-200"
      />
    );
  }
  return (
    <span
      aria-hidden
      className="flex size-16 shrink-0 items-center justify-center rounded-2xl bg-amber-100 text-xl font-bold text-amber-800"
    >
      {initialsOf(company.name)}
    </span>
  );
}

/**
 * The address as the business typed it, then its city in the chosen language, unless the address already
 * ends with that city (as most do: "Prempeh II Street, Adum, Kumasi").
 */
function whereIs(company: PublicCompany, cityName: (city: string) => string): string {
  const { address, city } = company;
  if (!city || address?.trim().toLowerCase().endsWith(city.toLowerCase())) return address ?? "";
  return [address, cityName(city)].filter(Boolean).join(", ");
}

/** "★ 4.5 (12 reviews)", or "No reviews yet". */
export function RatingSummary({ average, count }: { average: number | null; count: number }) {
  const t = useT();
  if (average === null || count === 0) return <span className="text-stone-600">{t("reviews.none")}</span>;
  return (
    <span className="inline-flex items-center gap-1 text-stone-800" data-testid="rating-summary">
      <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden />
      <strong>{average.toFixed(1)}</strong>
      <span className="text-stone-600">{t("reviews.count", { count })}</span>
    </span>
  );
}

/** The top of a business's public page: who it is, what it does, where and when it is open. */
export function BusinessDetails({ company }: { company: PublicCompany }) {
  const t = useT();
  const places = usePlaceNames();
  const where = whereIs(company, places.city);
  return (
    <header className="space-y-3" data-testid="place-details">
      <div className="flex items-center gap-4">
        <Logo company={company} />
        <div className="min-w-0">
          <h1 className="text-2xl leading-tight font-extrabold break-words text-stone-900">{company.name}</h1>
          <p className="text-sm text-stone-600" data-testid="place-category">
            {places.category(company.category)}
            {company.subcategory ? ` · ${places.subcategory(company.subcategory)}` : ""}
          </p>
          <p className="mt-0.5 text-sm">
            <RatingSummary average={company.averageRating} count={company.reviewCount} />
          </p>
        </div>
      </div>
      {where && (
        <p className="flex items-start gap-1 text-sm text-stone-700">
          <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden /> {where}
        </p>
      )}
      {company.businessHours && (
        <p className="flex items-start gap-1 text-sm text-stone-700" data-testid="place-hours">
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />{" "}
          {places.openingHours(company.businessHours)}
        </p>
      )}
      {company.mapUrl && (
        <a
          href={company.mapUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass("secondary", "min-h-12 w-full sm:w-auto")}
        >
          <Navigation className="size-5" aria-hidden /> {t("place.directions")}
        </a>
      )}
    </header>
  );
}

/** The business's branches: where each is, when it opens, its phone and directions to it. */
export function BranchList({ branches }: { branches: PublicCompany["branches"] }) {
  const t = useT();
  const places = usePlaceNames();
  return (
    <ul className="divide-y divide-stone-100" data-testid="place-branches">
      {branches.map((branch) => (
        <li key={branch.id} className="space-y-1 py-3 first:pt-0 last:pb-0">
          <p className="font-semibold break-words text-stone-900">{branch.name}</p>
          {branch.address && (
            <p className="flex items-start gap-1 text-sm break-words text-stone-700">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden /> {branch.address}
            </p>
          )}
          {branch.businessHours && (
            <p className="flex items-start gap-1 text-sm text-stone-700">
              <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />{" "}
              {places.openingHours(branch.businessHours)}
            </p>
          )}
          <div className="flex flex-wrap gap-2 pt-1">
            {branch.directionsUrl && (
              <a
                href={branch.directionsUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClass("secondary", "min-h-11")}
              >
                <Navigation className="size-4" aria-hidden />{" "}
                {t("place.branchDirections", { branch: branch.name })}
              </a>
            )}
            {branch.phone && (
              <a href={`tel:${branch.phone}`} className={buttonClass("ghost", "min-h-11")}>
                <Phone className="size-4" aria-hidden /> {t("place.callBranch", { phone: branch.phone })}
              </a>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

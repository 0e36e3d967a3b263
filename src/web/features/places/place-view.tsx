import { Gift, MapPin, Navigation, Play, Stamp } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { LoyaltyPlace } from "../../../shared/contracts/counter";
import { formatCedis } from "../../../shared/money";
import { mobileWatchPath, paths } from "../../app/paths";
import { buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { ProgressBar } from "../../components/ui/progress-bar";
import { formatAccraDate } from "../../lib/dates";
import { initialsOf } from "../../lib/format";

function PlaceLogo({ place }: { place: LoyaltyPlace }) {
  const [failed, setFailed] = useState(false);
  if (place.companyLogo && !failed) {
    return (
      <img
        src={place.companyLogo}
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
      {initialsOf(place.companyName)}
    </span>
  );
}

/** Directions: the business's own map link, else a search for its address. */
function directionsUrl(place: LoyaltyPlace): string | null {
  if (place.googleMapsUrl) return place.googleMapsUrl;
  if (place.address) {
    return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${place.address}, Ghana`)}`;
  }
  return null;
}

function LoyaltyCardProgress({ place, signedIn }: { place: LoyaltyPlace; signedIn: boolean }) {
  const program = place.program;
  if (!program) {
    return <p className="text-stone-600">{place.companyName} has no loyalty card yet.</p>;
  }
  const card = place.myCard;
  return (
    <div className="space-y-3">
      <p className="text-stone-800">
        <strong>{program.programName}</strong>: collect {program.requiredVisits} stamps, one per visit, for{" "}
        <strong>{program.rewardTitle}</strong>.
      </p>
      {program.description && <p className="text-sm text-stone-600">{program.description}</p>}
      {program.minimumSpend > 0 && (
        <p className="text-sm text-stone-600">
          A visit counts when you spend at least {formatCedis(Math.round(program.minimumSpend * 100))}.
        </p>
      )}
      {card ? (
        <div className="rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200" data-testid="place-card">
          <p className="font-semibold text-stone-900">
            {card.rewardUnlocked && !card.rewardClaimed
              ? `Your reward is waiting: ${card.rewardTitle}. Show your QR at the counter.`
              : `${card.currentStamps} of ${card.requiredStamps} stamps`}
          </p>
          <ProgressBar
            className="mt-2"
            label={`Stamps at ${place.companyName}`}
            value={card.currentStamps}
            max={card.requiredStamps}
            valueText={`${card.currentStamps} of ${card.requiredStamps} stamps`}
          />
          {card.expiresAt && (
            <p className="mt-1 text-xs text-stone-600">Card valid until {formatAccraDate(card.expiresAt)}</p>
          )}
        </div>
      ) : (
        <p className="text-sm text-stone-700">
          {signedIn
            ? "Show your QR at the counter on your next visit to get your first stamp."
            : "Sign in and show your QR at the counter to start collecting stamps."}
        </p>
      )}
      <Link
        to={signedIn ? paths.loyaltyDashboard : paths.login}
        className={buttonClass("primary", "min-h-12 w-full sm:w-auto")}
      >
        <Stamp className="size-5" aria-hidden /> {signedIn ? "Show my QR" : "Sign in to collect stamps"}
      </Link>
    </div>
  );
}

/**
 * A business opened from its poster: who it is, where it is, its loyalty card (and the member's
 * progress there) and its ads. Looking never stamps: only staff scanning the member's QR do.
 */
export function PlaceView({ place, signedIn }: { place: LoyaltyPlace; signedIn: boolean }) {
  const directions = directionsUrl(place);
  return (
    <div className="space-y-4">
      <header className="flex items-center gap-4">
        <PlaceLogo place={place} />
        <div className="min-w-0">
          <h1 className="text-2xl leading-tight font-extrabold break-words text-stone-900">
            {place.companyName}
          </h1>
          {place.address && (
            <p className="mt-1 flex items-start gap-1 text-sm text-stone-600">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
              {place.address}
            </p>
          )}
        </div>
      </header>
      {directions && (
        <a
          href={directions}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass("secondary", "min-h-12 w-full sm:w-auto")}
        >
          <Navigation className="size-5" aria-hidden /> Directions
        </a>
      )}
      <Card title="Loyalty card" icon={<Stamp className="size-5" aria-hidden />} testId="place-loyalty">
        <LoyaltyCardProgress place={place} signedIn={signedIn} />
      </Card>
      <Card title="Offers" icon={<Gift className="size-5" aria-hidden />} testId="place-ads">
        {place.ads.length === 0 ? (
          <p className="text-stone-600">No offers from {place.companyName} right now.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3" aria-label={`Offers from ${place.companyName}`}>
            {place.ads.map((ad) => (
              <li key={ad.id}>
                <Link
                  to={mobileWatchPath(ad.id)}
                  className="group block overflow-hidden rounded-xl bg-stone-100 ring-1 ring-stone-200"
                >
                  <div className="relative aspect-[9/16] max-h-48 w-full bg-stone-200">
                    {ad.thumbnailUrl && (
                      <img
                        src={ad.thumbnailUrl}
                        alt=""
                        loading="lazy"
                        className="absolute inset-0 size-full object-cover"
                      />
                    )}
                    <Play
                      className="absolute right-2 bottom-2 size-8 rounded-full bg-black/60 p-1.5 text-white"
                      aria-hidden
                    />
                  </div>
                  <p className="p-2 text-sm font-semibold text-stone-900 group-hover:underline">{ad.title}</p>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

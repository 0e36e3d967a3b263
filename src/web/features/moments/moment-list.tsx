import { Compass, Medal, PlayCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { brand } from "../../../shared/brand";
import type { Moment } from "../../../shared/contracts/moments";
import { mobileWatchPath } from "../../app/paths";
import { formatAccraTime } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import { usePlaceNames } from "../../lib/place-names";
import { slotMark, withSlots } from "../../lib/rich-text";

type T = ReturnType<typeof useT>;

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: brand.timeZone });
const longDayFormat = new Intl.DateTimeFormat("en-GH", {
  timeZone: brand.timeZone,
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});

function dayLabel(iso: string, now: Date, t: T): string {
  const day = dayFormat.format(new Date(iso));
  if (day === dayFormat.format(now)) return t("moments.today");
  if (day === dayFormat.format(new Date(now.getTime() - 86_400_000))) return t("moments.yesterday");
  return longDayFormat.format(new Date(iso));
}

/** Consecutive moments of the same Accra day, in the order given (newest first). */
function groupByDay(moments: Moment[], now: Date, t: T) {
  const groups: { label: string; items: Moment[] }[] = [];
  for (const moment of moments) {
    const label = dayLabel(moment.at, now, t);
    const last = groups.at(-1);
    if (last?.label === label) last.items.push(moment);
    else groups.push({ label, items: [moment] });
  }
  return groups;
}

function earnedText(reward: Extract<Moment, { kind: "watched" }>["reward"], t: T): string {
  const parts: string[] = [];
  if (reward.rewardType === "discount")
    parts.push(
      reward.discountPercent
        ? t("moments.part.percentOff", { percent: reward.discountPercent })
        : t("moments.part.discountCode"),
    );
  if (reward.rewardType === "badge") parts.push(t("moments.part.badge"));
  if (reward.rewardType === "experience") parts.push(t("moments.part.experience"));
  if (reward.rewardType === "prize_entry") parts.push(t("moments.part.prizeEntry"));
  if (reward.xpAwarded > 0) parts.push(t("moments.part.xp", { xp: reward.xpAwarded }));
  return parts.length > 0 ? t("moments.earned", { what: parts.join(" + ") }) : t("moments.watchedOnly");
}

function Row({ icon, children, at }: { icon: ReactNode; children: ReactNode; at: string }) {
  return (
    <li className="flex items-start gap-3 py-3 focus:outline-none" tabIndex={-1}>
      <span className="mt-0.5 flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-50 text-amber-800">
        {icon}
      </span>
      <div className="min-w-0 flex-1">{children}</div>
      <time dateTime={at} className="shrink-0 text-xs text-stone-500">
        {formatAccraTime(at)}
      </time>
    </li>
  );
}

function MomentRow({ moment }: { moment: Moment }) {
  const t = useT();
  const places = usePlaceNames();
  switch (moment.kind) {
    case "watched":
      return (
        <Row at={moment.at} icon={<PlayCircle className="size-5" aria-hidden />}>
          <p className="text-stone-900">
            {withSlots(t("moments.watched", { ad: slotMark("ad"), company: moment.company.name }), {
              ad: (
                <Link
                  to={mobileWatchPath(moment.ad.id)}
                  className="font-semibold text-amber-800 underline-offset-2 hover:underline"
                >
                  {moment.ad.title}
                </Link>
              ),
            })}
          </p>
          <p className="text-sm text-stone-600">{earnedText(moment.reward, t)}</p>
        </Row>
      );
    case "discovered":
      return (
        <Row at={moment.at} icon={<Compass className="size-5" aria-hidden />}>
          <p className="text-stone-900">
            {withSlots(t("moments.discovered", { company: slotMark("company") }), {
              company: <span className="font-semibold">{moment.company.name}</span>,
            })}
          </p>
          <p className="text-sm text-stone-600">
            {[
              places.category(moment.company.category),
              moment.company.city && places.city(moment.company.city),
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </Row>
      );
    default:
      return (
        <Row
          at={moment.at}
          icon={<Medal className="size-5" style={{ color: moment.badge.color }} aria-hidden />}
        >
          <p className="text-stone-900">
            {withSlots(t("moments.badge", { badge: slotMark("badge") }), {
              badge: <span className="font-semibold">{moment.badge.name}</span>,
            })}
          </p>
          {moment.badge.description && <p className="text-sm text-stone-600">{moment.badge.description}</p>}
        </Row>
      );
  }
}

/** The timeline, grouped by day. */
export function MomentList({ moments, now = new Date() }: { moments: Moment[]; now?: Date }) {
  const t = useT();
  return (
    <div className="space-y-5" data-testid="moment-list">
      {groupByDay(moments, now, t).map((group) => (
        <section key={group.label} aria-label={group.label}>
          <h3 className="text-sm font-bold tracking-wide text-stone-500 uppercase">{group.label}</h3>
          <ul className="divide-y divide-stone-100">
            {group.items.map((moment) => (
              <MomentRow key={`${moment.kind}:${moment.id}`} moment={moment} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

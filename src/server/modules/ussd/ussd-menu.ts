import { formatAccraDate, formatAccraTime } from "../../../shared/accra-time";
import { brand } from "../../../shared/brand";
import type { Language } from "../../../shared/i18n/languages";
import { ussdText } from "../../lib/i18n";
import type { UssdCard, UssdMember, UssdReward } from "./ussd-member.read-model";

/*
 * The menus' screens, the same for every provider (docs/product-rules.md#ussd-menus). Each screen is at
 * most 160 characters: a list adds the lines that fit and shortens a long shop name, so no data can push
 * a screen past what a basic phone shows.
 */

export const screenLimit = 160;
/** Rewards a screen lists before "More". */
export const rewardsPerScreen = 5;

/** Where a caller is in the menus; stored with the session between requests. */
export type MenuState =
  | { at: "new" }
  | { at: "choose-language" }
  | { at: "main" }
  /** A screen whose only way on is back to the main menu (points, the draw, no rewards). */
  | { at: "info" }
  /** A page of rewards: the ids it numbered 1 to 5, and where the next page starts. */
  | { at: "rewards"; ids: number[]; next: number | null }
  | { at: "language" }
  /** A page of regions, or of a region's towns: the names it numbered from 1, and where the next starts. */
  | { at: "regions"; names: string[]; next: number | null }
  | { at: "towns"; region: string; names: string[]; next: number | null }
  /** A caller with no account: Shops near me, Join, Language. */
  | { at: "join-menu" }
  | { at: "join-name" }
  | { at: "join-referral"; name: string }
  | { at: "join-confirm"; name: string; referralCode: string | null }
  | { at: "ended" };

/** A screen and whether it waits for an answer. */
export interface Screen {
  text: string;
  end: boolean;
}

const waitFor = (text: string): Screen => ({ text, end: false });
const close = (text: string): Screen => ({ text, end: true });

/** A name cut to `width` characters, marked with a full stop where it was cut. */
function shorten(name: string, width: number): string {
  const clean = name.replace(/\s+/g, " ").trim();
  return clean.length <= width ? clean : `${clean.slice(0, Math.max(1, width - 1)).trimEnd()}.`;
}

/** The first-time choice, in both languages (the caller has none yet). */
export function chooseLanguageScreen(afterWrongChoice = false): Screen {
  const text = ussdText("en", "ussd.choose_language", { brand: brand.name });
  return waitFor(afterWrongChoice ? withNote(ussdText("en", "ussd.not_a_choice"), text) : text);
}

export function mainScreen(language: Language, member: UssdMember, afterWrongChoice = false): Screen {
  const text = ussdText(language, "ussd.main", { brand: brand.name, name: shorten(member.firstName, 20) });
  return waitFor(afterWrongChoice ? withNote(ussdText(language, "ussd.not_a_choice"), text) : text);
}

/** A note above a screen, when both fit. */
function withNote(note: string, text: string): string {
  return note.length + 1 + text.length <= screenLimit ? `${note}\n${text}` : text;
}

export function pointsScreen(language: Language, member: UssdMember, cards: UssdCard[]): Screen {
  const tier = ussdText(language, "ussd.tier", { tier: member.tier });
  const head = ussdText(language, "ussd.points", { tier, xp: member.xp, points: member.points });
  const back = ussdText(language, "ussd.back");
  const lines =
    cards.length === 0
      ? [ussdText(language, "ussd.no_cards")]
      : cards.map((card) =>
          ussdText(language, "ussd.card", {
            shop: shorten(card.shop, 24),
            stamps: card.stamps,
            required: card.required,
          }),
        );
  return waitFor(fitList(head, lines, [back]));
}

/** The header, as many of `lines` as fit, and the footer lines. */
function fitList(head: string, lines: string[], footer: string[]): string {
  const shown: string[] = [];
  for (const line of lines) {
    const candidate = [head, ...shown, line, ...footer].join("\n");
    if (candidate.length > screenLimit) break;
    shown.push(line);
  }
  return [head, ...shown, ...footer].join("\n");
}

/** One page of rewards, each line numbered and shortened so five always fit with "More" and "Back". */
export function rewardsScreen(
  language: Language,
  page: UssdReward[],
  from: number,
  total: number,
  hasMore: boolean,
): Screen {
  const head = ussdText(language, "ussd.rewards_title", { from: from + 1, to: from + page.length, total });
  const footer = [...(hasMore ? [ussdText(language, "ussd.more")] : []), ussdText(language, "ussd.back")];
  const fixed = [head, ...footer].join("\n").length + page.length;
  const width = Math.floor((screenLimit - fixed) / Math.max(page.length, 1));
  const lines = page.map((reward, index) => {
    const number = `${index + 1} `;
    const line = ussdText(language, "ussd.reward", { percent: reward.percent, shop: "\u0000" });
    const room = width - number.length - (line.length - 1);
    return number + line.replace("\u0000", shorten(reward.shop, Math.max(room, 4)));
  });
  return waitFor(fitList(head, lines, footer));
}

export function noRewardsScreen(language: Language): Screen {
  return waitFor(`${ussdText(language, "ussd.no_rewards")}\n${ussdText(language, "ussd.back")}`);
}

export function rewardCodeScreen(
  language: Language,
  reward: UssdReward,
  code: string,
  expiresAt: Date,
): Screen {
  return close(
    ussdText(language, "ussd.reward_code", {
      code,
      percent: reward.percent,
      shop: shorten(reward.shop, 30),
      time: formatAccraTime(expiresAt),
    }),
  );
}

export function rewardGoneScreen(language: Language): Screen {
  return close(ussdText(language, "ussd.reward_gone"));
}

export interface DrawShown {
  title: string;
  prize: string | null;
  drawDate: string | null;
  entries: number;
}

export function drawScreen(language: Language, draw: DrawShown | null): Screen {
  const back = ussdText(language, "ussd.back");
  if (!draw) return waitFor(`${ussdText(language, "ussd.no_draw")}\n${back}`);
  const text = ussdText(language, "ussd.draw", {
    title: shorten(draw.title, 36),
    entries: draw.entries,
    prize: shorten(draw.prize ?? "-", 40),
    date: draw.drawDate ? formatAccraDate(draw.drawDate) : ussdText(language, "ussd.draw_date_unset"),
  });
  return waitFor(`${text}\n${back}`);
}

export function languageScreen(language: Language): Screen {
  return waitFor(ussdText(language, "ussd.language"));
}

export function suspendedScreen(language: Language): Screen {
  return close(ussdText(language, "ussd.suspended", { brand: brand.name, phone: brand.supportPhone }));
}

/** A number no member has: what it can do before joining. */
export function joinMenuScreen(language: Language, afterWrongChoice = false): Screen {
  const text = ussdText(language, "ussd.join_menu", { brand: brand.name });
  return waitFor(afterWrongChoice ? withNote(ussdText(language, "ussd.not_a_choice"), text) : text);
}

export function askNameScreen(language: Language, afterWrongName = false): Screen {
  const text = ussdText(language, "ussd.join_name", { brand: brand.name });
  return waitFor(afterWrongName ? withNote(ussdText(language, "ussd.join_name_wrong"), text) : text);
}

export function askReferralScreen(language: Language, afterWrongCode = false): Screen {
  const text = ussdText(language, "ussd.join_referral");
  return waitFor(afterWrongCode ? withNote(ussdText(language, "ussd.join_referral_wrong"), text) : text);
}

export function confirmJoinScreen(language: Language, name: string, referralCode: string | null): Screen {
  return waitFor(
    ussdText(language, "ussd.join_confirm", {
      brand: brand.name,
      name: shorten(name, 40),
      code: referralCode ?? "none",
    }),
  );
}

export function joinedScreen(language: Language, name: string): Screen {
  return close(
    ussdText(language, "ussd.joined", { brand: brand.name, name: shorten(name.split(" ")[0]!, 20) }),
  );
}

export function alreadyJoinedScreen(language: Language): Screen {
  return close(ussdText(language, "ussd.already_joined", { brand: brand.name }));
}

export function notJoinedScreen(language: Language): Screen {
  return close(ussdText(language, "ussd.not_joined", { brand: brand.name }));
}

/**
 * A numbered page of names (regions or towns) from `from`: as many as fit with "9 More" (when more are
 * left) and "0 Back", at most eight.
 */
export function pickScreen(
  language: Language,
  head: string,
  names: string[],
  from: number,
): { screen: Screen; shown: string[]; next: number | null } {
  const back = ussdText(language, "ussd.back");
  const more = ussdText(language, "ussd.more");
  const shown: string[] = [];
  for (const name of names.slice(from, from + 8)) {
    const lines = [...shown, name].map((one, index) => `${index + 1} ${shorten(one, 20)}`);
    const left = from + shown.length + 1 < names.length;
    if ([head, ...lines, ...(left ? [more] : []), back].join("\n").length > screenLimit) break;
    shown.push(name);
  }
  const next = from + shown.length < names.length ? from + shown.length : null;
  const lines = shown.map((name, index) => `${index + 1} ${shorten(name, 20)}`);
  const text = [head, ...lines, ...(next !== null ? [more] : []), back].join("\n");
  return { screen: waitFor(text), shown, next };
}

export function regionsHead(language: Language): string {
  return ussdText(language, "ussd.shops_regions");
}

export function townsHead(language: Language, region: string): string {
  return ussdText(language, "ussd.shops_towns", { region: shorten(region, 20) });
}

export interface ShopShown {
  name: string;
  stamps: boolean;
  ads: boolean;
  points: boolean;
}

/** A town's nearest shops, each with what it gives; long names shortened so all five fit. */
export function shopsScreen(language: Language, town: string, shops: ShopShown[]): Screen {
  const back = ussdText(language, "ussd.back");
  if (shops.length === 0) return waitFor(`${ussdText(language, "ussd.shops_none")}\n${back}`);
  const head = ussdText(language, "ussd.shops_in", { town: shorten(town, 20) });
  const kindsOf = (shop: ShopShown) =>
    [
      shop.stamps ? ussdText(language, "ussd.earn_stamps") : null,
      shop.points ? ussdText(language, "ussd.earn_points") : null,
      shop.ads ? ussdText(language, "ussd.earn_ads") : null,
    ]
      .filter(Boolean)
      .join("/");
  const fixed = [head, back].join("\n").length + shops.length;
  const width = Math.floor((screenLimit - fixed) / shops.length);
  const lines = shops.map((shop) => {
    const kinds = kindsOf(shop);
    const line = ussdText(language, "ussd.shop", { shop: "\u0000", kinds });
    const room = width - (line.length - 1);
    return line.replace("\u0000", shorten(shop.name, Math.max(room, 4)));
  });
  return waitFor(fitList(head, lines, [back]));
}

export function ghanaOnlyScreen(): Screen {
  return close(ussdText("en", "ussd.ghana_only", { brand: brand.name }));
}

export function goodbyeScreen(language: Language): Screen {
  return close(ussdText(language, "ussd.goodbye", { brand: brand.name }));
}

/** Past a per-number limit (docs/product-rules.md#ussd-limits). */
export function tooManyScreen(language: Language): Screen {
  return close(ussdText(language, "ussd.too_many"));
}

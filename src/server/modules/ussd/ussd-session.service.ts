import { sql } from "drizzle-orm";
import { formatAccraTime } from "../../../shared/accra-time";
import { brand } from "../../../shared/brand";
import type { Language } from "../../../shared/i18n/languages";
import { normaliseGhanaPhone } from "../../../shared/phone";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { executeNamed } from "../../db/prepared";
import { type UssdSession, ussdSessions } from "../../db/schema/ussd";
import { queueSms } from "../../integrations/message-queue/message-queue";
import { AppError } from "../../lib/errors";
import { smsText } from "../../lib/i18n";
import { recordAudit } from "../audit";
import { joinWithPhone, setMemberLanguage } from "../auth";
import { myDrawEntries } from "../draws";
import { countRateLimitedCall, type RateLimitRule } from "../rate-limit";
import { issueRewardQr, ussdRewardCodeLifetimeMs } from "../redemptions";
import {
  earningShopBranches,
  findMemberByPhone,
  topStampCards,
  type UssdMember,
  type UssdReward,
  unusedRewards,
} from "./ussd-member.read-model";
import {
  alreadyJoinedScreen,
  askNameScreen,
  askReferralScreen,
  chooseLanguageScreen,
  confirmJoinScreen,
  drawScreen,
  ghanaOnlyScreen,
  goodbyeScreen,
  joinedScreen,
  joinMenuScreen,
  languageScreen,
  type MenuState,
  mainScreen,
  noRewardsScreen,
  notJoinedScreen,
  pickScreen,
  pointsScreen,
  regionsHead,
  rewardCodeScreen,
  rewardGoneScreen,
  rewardsPerScreen,
  rewardsScreen,
  type Screen,
  shopsScreen,
  suspendedScreen,
  tooManyScreen,
  townsHead,
} from "./ussd-menu";
import { ShopMap } from "./ussd-shops";

/*
 * One menu engine behind both providers' callbacks (docs/product-rules.md#ussd-menus). A session is a
 * row keyed by provider and session id, locked while a request is answered: a request sent again (the
 * same key) gets the answer it was given, and changes nothing twice (docs/product-rules.md#ussd-sessions).
 */

export type UssdProvider = UssdSession["provider"];

export interface UssdCall {
  provider: UssdProvider;
  sessionId: string;
  /** The caller's number as the provider sent it ("233…" or "+233…"). */
  phone: string;
  /** What makes this request itself: Hubtel's Sequence, or Africa's Talking's whole text. */
  requestKey: string;
  /** start: the caller dialled; answer: they typed something; end: the session timed out or was released. */
  kind: "start" | "answer" | "end";
  /** What the caller typed, given the key of the request before (Africa's Talking sends every input so far). */
  typedAfter(previousKey: string): string;
}

const languageChoices: Record<string, Language> = { "1": "en", "2": "tw" };

/** A name typed to join: 2 to 40 characters, starting with a letter, then letters, spaces, . ' - */
const memberName = /^\p{L}[\p{L}\p{M} .'-]{1,39}$/u;
/** An invite code as members share them: letters and digits. */
const referralCodeShape = /^[A-Z0-9]{4,20}$/;

/** Per number, shared by every instance (docs/product-rules.md#ussd-limits). */
export const ussdSessionsPerHour = {
  action: "ussd_session",
  limit: 20,
  windowSeconds: 60 * 60,
} satisfies RateLimitRule;
export const ussdCodesPerHour = {
  action: "ussd_reward_code",
  limit: 5,
  windowSeconds: 60 * 60,
} satisfies RateLimitRule;

/** Counts one more against a number's limit; true when past it. */
async function pastLimit(tx: Executor, phone: string, rule: RateLimitRule, now: Date): Promise<boolean> {
  const { count } = await countRateLimitedCall(tx, { identifier: phone, identifierType: "phone" }, rule, now);
  return count > rule.limit;
}

/** The screen for a provider's request, with the session moved on (or left as it was, for a resend). */
export async function answerUssd(deps: AppDeps, call: UssdCall): Promise<Screen> {
  const phone = normaliseGhanaPhone(call.phone);
  if (!phone) return ghanaOnlyScreen();
  const afterCommit: (() => Promise<void>)[] = [];
  const screen = await deps.db.transaction(async (tx) => {
    const { session, isNew } = await lockSession(tx, call, phone);
    if (session.phoneNumber !== phone) {
      throw new AppError("BAD_REQUEST", "This USSD session belongs to another number.");
    }
    if (session.lastRequestKey === call.requestKey) return session.lastAnswer as Screen;
    const now = deps.now();
    const member = await findMemberByPhone(tx, phone);
    const step = new Step(deps, tx, session, member, now, afterCommit);
    const screen =
      session.endedAt || call.kind === "end"
        ? step.ended()
        : isNew && (await pastLimit(tx, phone, ussdSessionsPerHour, now))
          ? step.tooMany()
          : call.kind === "start" || session.state.at === "new"
            ? step.start()
            : await step.answer(call.typedAfter(session.lastRequestKey).trim());
    await executeNamed(
      tx,
      "ussd_save_session",
      sql`update ${ussdSessions} set state = ${JSON.stringify(step.state)}::jsonb, language = ${step.sessionLanguage},
        last_request_key = ${call.requestKey}, last_answer = ${JSON.stringify(screen)}::jsonb,
        ended_at = coalesce(ended_at, ${screen.end ? now.toISOString() : null}::timestamptz), updated_at = ${now.toISOString()}::timestamptz
        where id = ${session.id}::integer`,
    );
    return screen;
  });
  for (const task of afterCommit) await task();
  return screen;
}

/** What a request reads of its session's row. */
interface LockedSession {
  id: number;
  phoneNumber: string;
  language: Language | null;
  state: MenuState;
  lastRequestKey: string;
  lastAnswer: Screen;
  endedAt: Date | null;
}

/**
 * The session's row, made on its first request, locked until this request is answered: one prepared
 * statement, as an upsert that finds the row takes its lock as `for update` would. `xmax = 0` marks a row
 * this statement inserted.
 */
async function lockSession(tx: Executor, call: UssdCall, phone: string) {
  const { rows } = await executeNamed<{
    id: number;
    phone_number: string;
    language: Language | null;
    state: MenuState;
    last_request_key: string;
    last_answer: Screen;
    ended_at: Date | string | null;
    is_new: boolean;
  }>(
    tx,
    "ussd_lock_session",
    sql`insert into ${ussdSessions} (provider, session_id, phone_number, state, last_request_key, last_answer)
      values (${call.provider}, ${call.sessionId}, ${phone}, ${JSON.stringify({ at: "new" } satisfies MenuState)}::jsonb,
        '', ${JSON.stringify({ text: "", end: false } satisfies Screen)}::jsonb)
      on conflict (provider, session_id) do update set updated_at = ${ussdSessions}.updated_at
      returning id, phone_number, language, state, last_request_key, last_answer, ended_at, (xmax = 0) as is_new`,
  );
  const row = rows[0]!;
  const session: LockedSession = {
    id: Number(row.id),
    phoneNumber: row.phone_number,
    language: row.language,
    state: row.state,
    lastRequestKey: row.last_request_key,
    lastAnswer: row.last_answer,
    endedAt: row.ended_at === null ? null : new Date(row.ended_at),
  };
  return { session, isNew: Boolean(row.is_new) };
}

/** One request's move through the menus: the screen it answers and the state it leaves. */
class Step {
  state: MenuState;
  sessionLanguage: Language | null;
  private readonly phone: string;

  constructor(
    private readonly deps: AppDeps,
    private readonly tx: Executor,
    session: LockedSession,
    private readonly member: UssdMember | undefined,
    private readonly now: Date,
    /** What runs once the request's transaction committed (what a shop held for a new member lands). */
    private readonly afterCommit: (() => Promise<void>)[],
  ) {
    this.state = session.state;
    this.sessionLanguage = session.language;
    this.phone = session.phoneNumber;
  }

  /** The member's saved language, else the one chosen in this session. */
  private get language(): Language | null {
    return this.member?.language ?? this.sessionLanguage;
  }

  ended(): Screen {
    this.state = { at: "ended" };
    return goodbyeScreen(this.language ?? "en");
  }

  tooMany(): Screen {
    return this.close(tooManyScreen(this.language ?? "en"));
  }

  start(): Screen {
    // A suspended member gets one short screen and nothing else (docs/product-rules.md#ussd-menus).
    if (this.member && !this.member.isActive) return this.close(suspendedScreen(this.language ?? "en"));
    if (!this.language) return this.go({ at: "choose-language" }, chooseLanguageScreen());
    return this.home(this.language);
  }

  async answer(typed: string): Promise<Screen> {
    if (this.member && !this.member.isActive) return this.close(suspendedScreen(this.language ?? "en"));
    const state = this.state;
    if (state.at === "choose-language" || !this.language) {
      const chosen = languageChoices[typed];
      if (!chosen) return this.go({ at: "choose-language" }, chooseLanguageScreen(true));
      await this.saveLanguage(chosen);
      return this.home(chosen);
    }
    const language = this.language;
    const member = this.member;
    if (state.at === "regions" || state.at === "towns") return this.fromShops(language, state, typed);
    if (!member) return this.joining(language, state, typed);
    // Another session joined this number while this one was joining.
    if (state.at.startsWith("join-")) return this.close(alreadyJoinedScreen(language));
    switch (state.at) {
      case "main":
        return this.fromMain(language, member, typed);
      case "rewards":
        return this.fromRewards(language, member, state, typed);
      case "language": {
        const chosen = languageChoices[typed];
        if (!chosen) return this.go({ at: "main" }, mainScreen(language, member, true));
        await this.saveLanguage(chosen);
        return this.go({ at: "main" }, mainScreen(chosen, { ...member, language: chosen }));
      }
      default:
        // An information screen: 0 goes back, anything else is not a choice there.
        return this.go({ at: "main" }, mainScreen(language, member, typed !== "0"));
    }
  }

  private home(language: Language, afterWrongChoice = false): Screen {
    if (!this.member) return this.go({ at: "join-menu" }, joinMenuScreen(language, afterWrongChoice));
    return this.go({ at: "main" }, mainScreen(language, { ...this.member, language }, afterWrongChoice));
  }

  /** A caller no member has: Shops near me, joining (docs/product-rules.md#ussd-join) and Language. */
  private async joining(language: Language, state: MenuState, typed: string): Promise<Screen> {
    switch (state.at) {
      case "join-menu":
        if (typed === "3") return this.regionsPage(language, 0);
        if (typed === "5") return this.go({ at: "join-name" }, askNameScreen(language));
        if (typed === "6") return this.go({ at: "language" }, languageScreen(language));
        return this.home(language, true);
      case "language": {
        const chosen = languageChoices[typed];
        if (!chosen) return this.home(language, true);
        await this.saveLanguage(chosen);
        return this.home(chosen);
      }
      case "join-name": {
        const name = typed.replace(/\s+/g, " ").trim();
        if (!memberName.test(name)) return this.go({ at: "join-name" }, askNameScreen(language, true));
        return this.go({ at: "join-referral", name }, askReferralScreen(language));
      }
      case "join-referral": {
        if (typed === "0")
          return this.go(
            { ...state, at: "join-confirm", referralCode: null },
            confirmJoinScreen(language, state.name, null),
          );
        const code = typed.toUpperCase();
        if (!referralCodeShape.test(code)) return this.go(state, askReferralScreen(language, true));
        return this.go(
          { at: "join-confirm", name: state.name, referralCode: code },
          confirmJoinScreen(language, state.name, code),
        );
      }
      case "join-confirm":
        if (typed === "1") return this.close(await this.join(language, state.name, state.referralCode));
        if (typed === "2") return this.close(notJoinedScreen(language));
        return this.go(state, confirmJoinScreen(language, state.name, state.referralCode));
      default:
        // An information screen (a town's shops): 0 goes back, anything else is not a choice there.
        return this.home(language, typed !== "0");
    }
  }

  /**
   * Makes the member with this number verified (the network vouches for it), the welcome SMS queued in
   * the same transaction; once it committed, what shops held for the number lands as on the web.
   */
  private async join(language: Language, name: string, referralCode: string | null): Promise<Screen> {
    const joined = await joinWithPhone(
      this.tx,
      { phoneNumber: this.phone, displayName: name, language, referralCode: referralCode ?? undefined },
      this.now,
    );
    if (!joined?.created) return alreadyJoinedScreen(language);
    await queueSms(this.tx, {
      to: this.phone,
      text: smsText(language, "sms.ussd_welcome", {
        brand: brand.name,
        name: name.split(" ")[0],
        link: `${new URL(this.deps.config.appUrl).host}/login`,
      }),
      key: `ussd-welcome:${joined.userId}`,
      waitedFor: false,
    });
    const { deps, phone } = this;
    this.afterCommit.push(() =>
      deps.phoneVerified(joined.userId, phone).catch((error) => {
        deps.log.error({ err: error }, "could not land the rewards held for a number joined by USSD");
      }),
    );
    return joinedScreen(language, name);
  }

  private async shopMap(): Promise<ShopMap> {
    return new ShopMap(await earningShopBranches(this.tx, this.now));
  }

  private async regionsPage(language: Language, from: number): Promise<Screen> {
    const all = (await this.shopMap()).regions();
    if (all.length === 0) return this.go({ at: "info" }, shopsScreen(language, "", []));
    const page = pickScreen(language, regionsHead(language), all, from < all.length ? from : 0);
    return this.go({ at: "regions", names: page.shown, next: page.next }, page.screen);
  }

  private async townsPage(language: Language, region: string, from: number): Promise<Screen> {
    const all = (await this.shopMap()).towns(region).map((town) => town.name);
    if (all.length === 0) return this.go({ at: "info" }, shopsScreen(language, "", []));
    const page = pickScreen(language, townsHead(language, region), all, from < all.length ? from : 0);
    return this.go({ at: "towns", region, names: page.shown, next: page.next }, page.screen);
  }

  /** Region, then town, then the town's nearest shops (docs/product-rules.md#ussd-shops-near-me). */
  private async fromShops(
    language: Language,
    state: Extract<MenuState, { at: "regions" | "towns" }>,
    typed: string,
  ): Promise<Screen> {
    if (typed === "0") return this.home(language);
    if (typed === "9" && state.next !== null) {
      return state.at === "regions"
        ? this.regionsPage(language, state.next)
        : this.townsPage(language, state.region, state.next);
    }
    const chosen = /^[1-8]$/.test(typed) ? state.names[Number(typed) - 1] : undefined;
    if (chosen === undefined) return this.home(language, true);
    if (state.at === "regions") return this.townsPage(language, chosen, 0);
    const shops = (await this.shopMap()).nearest(chosen);
    return this.go({ at: "info" }, shopsScreen(language, chosen, shops));
  }

  private async fromMain(language: Language, member: UssdMember, typed: string): Promise<Screen> {
    switch (typed) {
      case "1":
        return this.go(
          { at: "info" },
          pointsScreen(language, member, await topStampCards(this.tx, member.id)),
        );
      case "2":
        return this.rewardsPage(language, member, 0);
      case "3":
        return this.regionsPage(language, 0);
      case "4": {
        const mine = await myDrawEntries(this.tx, member.id, this.now);
        const draw = mine.draw && {
          title: mine.draw.title,
          prize: mine.draw.prizeTitle,
          drawDate: mine.draw.drawDate,
          entries: mine.entries,
        };
        return this.go({ at: "info" }, drawScreen(language, draw));
      }
      case "6":
        return this.go({ at: "language" }, languageScreen(language));
      default:
        return this.go({ at: "main" }, mainScreen(language, member, true));
    }
  }

  private async rewardsPage(language: Language, member: UssdMember, from: number): Promise<Screen> {
    const all = await unusedRewards(this.tx, member.id, this.now);
    if (all.length === 0) return this.go({ at: "info" }, noRewardsScreen(language));
    const start = from < all.length ? from : 0;
    const page = all.slice(start, start + rewardsPerScreen);
    const next = start + rewardsPerScreen < all.length ? start + rewardsPerScreen : null;
    return this.go(
      { at: "rewards", ids: page.map((reward) => reward.id), next },
      rewardsScreen(language, page, start, all.length, next !== null),
    );
  }

  private async fromRewards(
    language: Language,
    member: UssdMember,
    state: Extract<MenuState, { at: "rewards" }>,
    typed: string,
  ): Promise<Screen> {
    if (typed === "0") return this.go({ at: "main" }, mainScreen(language, member));
    if (typed === "9" && state.next !== null) return this.rewardsPage(language, member, state.next);
    const rewardId = /^[1-5]$/.test(typed) ? state.ids[Number(typed) - 1] : undefined;
    if (rewardId === undefined) return this.go({ at: "main" }, mainScreen(language, member, true));
    const reward = (await unusedRewards(this.tx, member.id, this.now)).find((one) => one.id === rewardId);
    if (!reward) return this.close(rewardGoneScreen(language));
    return this.close(await this.sendRewardCode(language, member, reward));
  }

  /**
   * The reward's typed code, made by the same service as the app's reward QR (so a newer code, by USSD
   * or the app, ends this one), living ten minutes, and sent by SMS in the same transaction
   * (docs/product-rules.md#ussd-reward-code).
   */
  private async sendRewardCode(language: Language, member: UssdMember, reward: UssdReward): Promise<Screen> {
    if (await pastLimit(this.tx, this.phone, ussdCodesPerHour, this.now)) return tooManyScreen(language);
    let issued: Awaited<ReturnType<typeof issueRewardQr>>;
    try {
      issued = await issueRewardQr(this.tx, this.deps.config.sessionSecret, member.id, reward.id, this.now, {
        lifetimeMs: ussdRewardCodeLifetimeMs,
      });
    } catch (error) {
      if (error instanceof AppError) return rewardGoneScreen(language);
      throw error;
    }
    const expiresAt = new Date(issued.expiresAt);
    // Every code handed out by USSD is on the audit log (docs/product-rules.md#ussd-reward-code).
    await recordAudit(
      this.tx,
      {
        actor: { id: member.id, displayName: member.firstName },
        action: "ussd.reward_code",
        targetType: "reward",
        targetId: reward.id,
        after: { phoneNumber: this.phone, expiresAt: expiresAt.toISOString() },
      },
      this.now,
    );
    const screen = rewardCodeScreen(language, reward, issued.typedCode, expiresAt);
    await queueSms(this.tx, {
      to: this.phone,
      text: smsText(language, "sms.ussd_reward_code", {
        brand: brand.name,
        percent: reward.percent,
        shop: reward.shop,
        code: issued.typedCode,
        time: formatAccraTime(expiresAt),
      }),
      key: `ussd-reward-code:${reward.id}:${issued.typedCode}`,
      // The member is on their way to the counter with it.
      waitedFor: true,
    });
    return screen;
  }

  private async saveLanguage(language: Language): Promise<void> {
    this.sessionLanguage = language;
    if (this.member) await setMemberLanguage(this.tx, this.member.id, language, this.now);
  }

  private go(state: MenuState, screen: Screen): Screen {
    this.state = state;
    return screen;
  }

  private close(screen: Screen): Screen {
    this.state = { at: "ended" };
    return screen;
  }
}

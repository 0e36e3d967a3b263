import {
  ageRangeOptions,
  budgetStyleOptions,
  interestOptions,
  type OnboardingQuestion,
  profileCityOptions,
  profileGenderOptions,
  shoppingFrequencyOptions,
  shoppingTimeOptions,
} from "../../../shared/contracts/profile-options";
import type { UiKey } from "../../lib/language";

/** Each answer the server stores (the value sent, never translated) and the words shown for it. */
type LabelsOf<Options extends readonly string[]> = Readonly<Record<Options[number], UiKey>>;

export interface QuestionText {
  /** The onboarding question. */
  prompt: UiKey;
  /** The short name shown beside the answer on /profile. */
  label: UiKey;
  help?: UiKey;
  options: readonly string[];
  optionLabels: Readonly<Record<string, UiKey>>;
  multiple?: boolean;
}

const ageRanges: LabelsOf<typeof ageRangeOptions> = {
  "18-25": "onboarding.ageRange.18to25",
  "26-35": "onboarding.ageRange.26to35",
  "36-45": "onboarding.ageRange.36to45",
  "46+": "onboarding.ageRange.46plus",
};

const cities: LabelsOf<typeof profileCityOptions> = {
  Accra: "onboarding.city.accra",
  Kumasi: "onboarding.city.kumasi",
  Tamale: "onboarding.city.tamale",
  "Cape Coast": "onboarding.city.capeCoast",
  Other: "onboarding.city.other",
};

const genders: LabelsOf<typeof profileGenderOptions> = {
  Male: "onboarding.gender.male",
  Female: "onboarding.gender.female",
  "Prefer not to say": "onboarding.gender.notSaying",
};

const interests: LabelsOf<typeof interestOptions> = {
  tech: "onboarding.interests.tech",
  fashion: "onboarding.interests.fashion",
  food: "onboarding.interests.food",
  health: "onboarding.interests.health",
  travel: "onboarding.interests.travel",
  home: "onboarding.interests.home",
};

const frequencies: LabelsOf<typeof shoppingFrequencyOptions> = {
  Weekly: "onboarding.shoppingFrequency.weekly",
  Monthly: "onboarding.shoppingFrequency.monthly",
  Occasionally: "onboarding.shoppingFrequency.occasionally",
};

const times: LabelsOf<typeof shoppingTimeOptions> = {
  Weekends: "onboarding.shoppingTime.weekends",
  Evenings: "onboarding.shoppingTime.evenings",
  "Lunch breaks": "onboarding.shoppingTime.lunchBreaks",
  Anytime: "onboarding.shoppingTime.anytime",
};

const budgetStyles: LabelsOf<typeof budgetStyleOptions> = {
  "Value hunter": "onboarding.budgetStyle.valueHunter",
  "Balance seeker": "onboarding.budgetStyle.balanceSeeker",
  "Quality focused": "onboarding.budgetStyle.qualityFocused",
};

/** The words for each onboarding question, in the order of `onboardingQuestions`. */
export const questionText: Record<OnboardingQuestion, QuestionText> = {
  ageRange: {
    prompt: "onboarding.ageRange.prompt",
    label: "onboarding.ageRange.label",
    options: ageRangeOptions,
    optionLabels: ageRanges,
  },
  city: {
    prompt: "onboarding.city.prompt",
    label: "onboarding.city.label",
    options: profileCityOptions,
    optionLabels: cities,
  },
  gender: {
    prompt: "onboarding.gender.prompt",
    label: "onboarding.gender.label",
    options: profileGenderOptions,
    optionLabels: genders,
  },
  interests: {
    prompt: "onboarding.interests.prompt",
    label: "onboarding.interests.label",
    help: "onboarding.interests.help",
    options: interestOptions,
    optionLabels: interests,
    multiple: true,
  },
  shoppingFrequency: {
    prompt: "onboarding.shoppingFrequency.prompt",
    label: "onboarding.shoppingFrequency.label",
    options: shoppingFrequencyOptions,
    optionLabels: frequencies,
  },
  preferredShoppingTime: {
    prompt: "onboarding.shoppingTime.prompt",
    label: "onboarding.shoppingTime.label",
    options: shoppingTimeOptions,
    optionLabels: times,
  },
  budgetConsciousness: {
    prompt: "onboarding.budgetStyle.prompt",
    label: "onboarding.budgetStyle.label",
    options: budgetStyleOptions,
    optionLabels: budgetStyles,
  },
};

/** The key of an answer's words; undefined for a value this version of the app doesn't know. */
export function answerLabel(question: OnboardingQuestion, value: string): UiKey | undefined {
  return questionText[question].optionLabels[value];
}

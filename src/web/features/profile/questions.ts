import {
  ageRangeOptions,
  budgetStyleOptions,
  interestLabels,
  interestOptions,
  type OnboardingQuestion,
  profileCityOptions,
  profileGenderOptions,
  shoppingFrequencyOptions,
  shoppingTimeOptions,
} from "../../../shared/contracts/profile-options";

export interface QuestionText {
  /** The onboarding question. */
  prompt: string;
  /** The short name shown beside the answer on /profile. */
  label: string;
  help?: string;
  options: readonly string[];
  optionLabels?: Readonly<Record<string, string>>;
  multiple?: boolean;
}

/** The words for each onboarding question, in the order of `onboardingQuestions`. */
export const questionText: Record<OnboardingQuestion, QuestionText> = {
  ageRange: { prompt: "How old are you?", label: "Age range", options: ageRangeOptions },
  city: { prompt: "Which city do you live in?", label: "City", options: profileCityOptions },
  gender: { prompt: "What is your gender?", label: "Gender", options: profileGenderOptions },
  interests: {
    prompt: "What are you into?",
    label: "Interests",
    help: "Choose as many as you like.",
    options: interestOptions,
    optionLabels: interestLabels,
    multiple: true,
  },
  shoppingFrequency: {
    prompt: "How often do you go shopping?",
    label: "Shopping frequency",
    options: shoppingFrequencyOptions,
  },
  preferredShoppingTime: {
    prompt: "When do you like to shop?",
    label: "Preferred shopping time",
    options: shoppingTimeOptions,
  },
  budgetConsciousness: {
    prompt: "Which best describes how you spend?",
    label: "Shopping style",
    options: budgetStyleOptions,
  },
};

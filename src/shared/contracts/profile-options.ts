/** The onboarding profile's answer options (plain data, safe to load in any page). */
export const ageRangeOptions = ["18-25", "26-35", "36-45", "46+"] as const;
export const profileCityOptions = ["Accra", "Kumasi", "Tamale", "Cape Coast", "Other"] as const;
export const profileGenderOptions = ["Male", "Female", "Prefer not to say"] as const;
export const interestOptions = ["tech", "fashion", "food", "health", "travel", "home"] as const;
export const shoppingFrequencyOptions = ["Weekly", "Monthly", "Occasionally"] as const;
export const shoppingTimeOptions = ["Weekends", "Evenings", "Lunch breaks", "Anytime"] as const;
export const budgetStyleOptions = ["Value hunter", "Balance seeker", "Quality focused"] as const;

/** The onboarding questions, in order; a step is the index of the next question to answer. */
export const onboardingQuestions = [
  "ageRange",
  "city",
  "gender",
  "interests",
  "shoppingFrequency",
  "preferredShoppingTime",
  "budgetConsciousness",
] as const;
export type OnboardingQuestion = (typeof onboardingQuestions)[number];

/**
 * Profile strength starts at 25 and grows with every answered question up to 100
 * (docs/product-rules.md#members-profile-strength).
 */
export function profileStrengthFor(answered: number): number {
  const clamped = Math.max(0, Math.min(answered, onboardingQuestions.length));
  return 25 + Math.round((75 * clamped) / onboardingQuestions.length);
}

/** The early-access forms' option lists: plain data, safe to load in any page. */
export const ageOptions = ["18-24", "25-34", "35-44", "45-54", "55+"] as const;
export const genderOptions = ["male", "female", "other", "prefer-not-to-say"] as const;
export const genderLabels: Record<(typeof genderOptions)[number], string> = {
  male: "Male",
  female: "Female",
  other: "Other",
  "prefer-not-to-say": "Prefer not to say",
};
export const businessSizeOptions = ["solo", "small", "medium", "large"] as const;
export const businessSizeLabels: Record<(typeof businessSizeOptions)[number], string> = {
  solo: "Solo",
  small: "Small (2-10)",
  medium: "Medium (11-50)",
  large: "Large (50+)",
};
export const adBudgetOptions = ["0-500", "500-1000", "1000-2500", "2500-5000", "5000+"] as const;
export const advertisingMethodOptions = [
  "social-media",
  "google-ads",
  "radio-tv",
  "print",
  "word-of-mouth",
  "none",
  "other",
] as const;
export const advertisingMethodLabels: Record<(typeof advertisingMethodOptions)[number], string> = {
  "social-media": "Social media",
  "google-ads": "Google Ads",
  "radio-tv": "Radio / TV",
  print: "Print",
  "word-of-mouth": "Word of mouth",
  none: "None",
  other: "Other",
};
export const launchTimeframeOptions = ["immediately", "1-month", "3-months", "6-months", "flexible"] as const;
export const launchTimeframeLabels: Record<(typeof launchTimeframeOptions)[number], string> = {
  immediately: "Immediately",
  "1-month": "Within 1 month",
  "3-months": "Within 3 months",
  "6-months": "Within 6 months",
  flexible: "Flexible",
};
export const businessCategoryOptions = [
  "Restaurant & Food",
  "Retail & Shopping",
  "Beauty & Wellness",
  "Technology & Services",
  "Healthcare",
  "Education & Training",
  "Entertainment & Events",
  "Travel & Hospitality",
  "Fashion & Apparel",
  "Professional Services",
  "Real Estate",
  "Automotive",
  "Other",
] as const;

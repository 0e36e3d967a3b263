import type { Category } from "../../shared/categories";
import type { UiKey } from "./language";

/** Each category's name on Discover, in the chosen language (the category itself stays the English id). */
export const categoryNameKey = {
  "Food & Dining": "discover.categoryName.foodDining",
  "Fashion & Beauty": "discover.categoryName.fashionBeauty",
  Electronics: "discover.categoryName.electronics",
  "Travel & Transport": "discover.categoryName.travelTransport",
  "Health & Wellness": "discover.categoryName.healthWellness",
  "Events & Entertainment": "discover.categoryName.eventsEntertainment",
  "Home & Living": "discover.categoryName.homeLiving",
  "Education & Services": "discover.categoryName.educationServices",
  "Supermarkets & Groceries": "discover.categoryName.supermarketsGroceries",
  "Mobile Money & Finance": "discover.categoryName.mobileMoneyFinance",
  "Gifts & Crafts": "discover.categoryName.giftsCrafts",
  "Kids & Baby": "discover.categoryName.kidsBaby",
  Religion: "discover.categoryName.religion",
  "Professional Services": "discover.categoryName.professionalServices",
} as const satisfies Record<Category, UiKey>;

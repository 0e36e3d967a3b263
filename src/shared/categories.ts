/** The category catalogue: category → subcategories. */
export const categoryCatalogue = {
  "Food & Dining": ["Restaurants", "Fast Food", "Chop Bars", "Cafes", "Delivery Services"],
  "Fashion & Beauty": ["Clothing", "Shoes", "Accessories", "Hair Salons", "Barbershops", "Makeup & Skincare"],
  Electronics: ["Phones", "Laptops", "Accessories", "Gadgets", "Repairs"],
  "Travel & Transport": ["Ride-hailing", "Car Rentals", "Bus Services", "Travel Agencies"],
  "Health & Wellness": ["Pharmacies", "Clinics", "Fitness Centres", "Spas", "Mental Health"],
  "Events & Entertainment": [
    "Live Events",
    "Concerts",
    "Festivals",
    "Workshops",
    "Conferences",
    "Cinemas",
    "Nightlife",
    "Comedy Shows",
    "Sports Events",
    "Cultural Events",
  ],
  "Home & Living": ["Furniture", "Appliances", "Cleaning Services", "Interior Decor"],
  "Education & Services": ["Tutors", "Tech Training", "Online Courses", "Driving Schools"],
  "Supermarkets & Groceries": ["Retail Chains", "Local Markets", "Delivery Services", "Organic Stores"],
  "Mobile Money & Finance": ["Airtime & Data", "Money Transfer", "Loan Services", "Fintech Apps"],
  "Gifts & Crafts": ["Souvenirs", "Local Crafts", "Florists", "Custom Art"],
  "Kids & Baby": ["Toys", "Clothing", "Baby Care", "Learning Resources"],
  Religion: [
    "Churches",
    "Mosques",
    "Religious Services",
    "Faith-Based Organizations",
    "Religious Books & Materials",
    "Pastoral Services",
    "Prayer Centers",
    "Religious Events",
  ],
  "Professional Services": [
    "Legal Services",
    "Accounting & Tax",
    "Consulting",
    "Marketing & Advertising",
    "Real Estate",
    "Insurance",
    "Banking & Financial Services",
    "Business Coaching",
    "HR Services",
    "IT Services",
  ],
} as const satisfies Record<string, readonly string[]>;

export type Category = keyof typeof categoryCatalogue;
export const categories = Object.keys(categoryCatalogue) as Category[];

export function isSubcategoryOf(category: string, subcategory: string): boolean {
  const subs = (categoryCatalogue as Record<string, readonly string[]>)[category];
  return subs?.includes(subcategory) ?? false;
}

/** Cities the product is launched in (the profile's city choices). */
export const cities = ["Accra", "Kumasi", "Tamale", "Cape Coast", "Other"] as const;

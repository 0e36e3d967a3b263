import type { Category, categoryCatalogue, cities } from "../../shared/categories";
import { categoryNameKey } from "./category-names";
import { useLanguage, useT } from "./i18n";
import type { UiKey } from "./language";

type Subcategory = (typeof categoryCatalogue)[Category][number];

/** Each subcategory's name on a business's page, in the chosen language (the subcategory stays the English id). */
const subcategoryNameKey = {
  Restaurants: "place.subcategory.restaurants",
  "Fast Food": "place.subcategory.fastFood",
  "Chop Bars": "place.subcategory.chopBars",
  Cafes: "place.subcategory.cafes",
  "Delivery Services": "place.subcategory.deliveryServices",
  Clothing: "place.subcategory.clothing",
  Shoes: "place.subcategory.shoes",
  Accessories: "place.subcategory.accessories",
  "Hair Salons": "place.subcategory.hairSalons",
  Barbershops: "place.subcategory.barbershops",
  "Makeup & Skincare": "place.subcategory.makeupSkincare",
  Phones: "place.subcategory.phones",
  Laptops: "place.subcategory.laptops",
  Gadgets: "place.subcategory.gadgets",
  Repairs: "place.subcategory.repairs",
  "Ride-hailing": "place.subcategory.rideHailing",
  "Car Rentals": "place.subcategory.carRentals",
  "Bus Services": "place.subcategory.busServices",
  "Travel Agencies": "place.subcategory.travelAgencies",
  Pharmacies: "place.subcategory.pharmacies",
  Clinics: "place.subcategory.clinics",
  "Fitness Centres": "place.subcategory.fitnessCentres",
  Spas: "place.subcategory.spas",
  "Mental Health": "place.subcategory.mentalHealth",
  "Live Events": "place.subcategory.liveEvents",
  Concerts: "place.subcategory.concerts",
  Festivals: "place.subcategory.festivals",
  Workshops: "place.subcategory.workshops",
  Conferences: "place.subcategory.conferences",
  Cinemas: "place.subcategory.cinemas",
  Nightlife: "place.subcategory.nightlife",
  "Comedy Shows": "place.subcategory.comedyShows",
  "Sports Events": "place.subcategory.sportsEvents",
  "Cultural Events": "place.subcategory.culturalEvents",
  Furniture: "place.subcategory.furniture",
  Appliances: "place.subcategory.appliances",
  "Cleaning Services": "place.subcategory.cleaningServices",
  "Interior Decor": "place.subcategory.interiorDecor",
  Tutors: "place.subcategory.tutors",
  "Tech Training": "place.subcategory.techTraining",
  "Online Courses": "place.subcategory.onlineCourses",
  "Driving Schools": "place.subcategory.drivingSchools",
  "Retail Chains": "place.subcategory.retailChains",
  "Local Markets": "place.subcategory.localMarkets",
  "Organic Stores": "place.subcategory.organicStores",
  "Airtime & Data": "place.subcategory.airtimeData",
  "Money Transfer": "place.subcategory.moneyTransfer",
  "Loan Services": "place.subcategory.loanServices",
  "Fintech Apps": "place.subcategory.fintechApps",
  Souvenirs: "place.subcategory.souvenirs",
  "Local Crafts": "place.subcategory.localCrafts",
  Florists: "place.subcategory.florists",
  "Custom Art": "place.subcategory.customArt",
  Toys: "place.subcategory.toys",
  "Baby Care": "place.subcategory.babyCare",
  "Learning Resources": "place.subcategory.learningResources",
  Churches: "place.subcategory.churches",
  Mosques: "place.subcategory.mosques",
  "Religious Services": "place.subcategory.religiousServices",
  "Faith-Based Organizations": "place.subcategory.faithBasedOrganizations",
  "Religious Books & Materials": "place.subcategory.religiousBooksMaterials",
  "Pastoral Services": "place.subcategory.pastoralServices",
  "Prayer Centers": "place.subcategory.prayerCenters",
  "Religious Events": "place.subcategory.religiousEvents",
  "Legal Services": "place.subcategory.legalServices",
  "Accounting & Tax": "place.subcategory.accountingTax",
  Consulting: "place.subcategory.consulting",
  "Marketing & Advertising": "place.subcategory.marketingAdvertising",
  "Real Estate": "place.subcategory.realEstate",
  Insurance: "place.subcategory.insurance",
  "Banking & Financial Services": "place.subcategory.bankingFinancialServices",
  "Business Coaching": "place.subcategory.businessCoaching",
  "HR Services": "place.subcategory.hrServices",
  "IT Services": "place.subcategory.itServices",
} as const satisfies Record<Subcategory, UiKey>;

/** The cities businesses are registered in, by the names the profile's city question uses. */
const cityNameKey = {
  Accra: "onboarding.city.accra",
  Kumasi: "onboarding.city.kumasi",
  Tamale: "onboarding.city.tamale",
  "Cape Coast": "onboarding.city.capeCoast",
  Other: "onboarding.city.other",
} as const satisfies Record<(typeof cities)[number], UiKey>;

/**
 * The English day words a business types in its opening hours ("Mon–Sat 8:00–18:00", "Daily 7:00–22:00",
 * "Sunday closed"), whole words in any case; the rest of the text stays as typed.
 */
const hoursWords: [RegExp, UiKey][] = [
  [/^mon(day)?$/i, "place.day.monday"],
  [/^tue(s(day)?)?$/i, "place.day.tuesday"],
  [/^wed(nesday)?$/i, "place.day.wednesday"],
  [/^thu(r(s(day)?)?)?$/i, "place.day.thursday"],
  [/^fri(day)?$/i, "place.day.friday"],
  [/^sat(urday)?$/i, "place.day.saturday"],
  [/^sun(day)?$/i, "place.day.sunday"],
  [/^daily$/i, "place.hours.daily"],
  [/^closed$/i, "place.hours.closed"],
];
const wordsOfHours = /\p{L}+/gu;

const isKeyed = <K extends string>(map: Record<K, UiKey>, name: string): name is K =>
  Object.hasOwn(map, name);

/**
 * Names the platform gives a business (its category, subcategory and city) and the day words of its
 * opening hours, in the chosen language (docs/product-rules.md#language-place-names). Stored values stay
 * English; a name outside the catalogue shows as it is, and in English the hours show exactly as typed.
 */
export function usePlaceNames() {
  const t = useT();
  const language = useLanguage();
  return {
    category: (name: string) => (isKeyed(categoryNameKey, name) ? t(categoryNameKey[name]) : name),
    subcategory: (name: string) => (isKeyed(subcategoryNameKey, name) ? t(subcategoryNameKey[name]) : name),
    city: (name: string) => (isKeyed(cityNameKey, name) ? t(cityNameKey[name]) : name),
    openingHours: (typed: string) =>
      language === "en"
        ? typed
        : typed.replace(wordsOfHours, (word) => {
            const key = hoursWords.find(([pattern]) => pattern.test(word))?.[1];
            return key ? t(key) : word;
          }),
  };
}

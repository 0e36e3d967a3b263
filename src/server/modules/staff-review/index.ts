/**
 * The one flow staff use to review what members send in (a purchase's receipt, a share's proof): a queue's
 * two routes and a decision taken once, audited, with a rejection's fraud signal. Owns no tables: each
 * kind's module supplies its own rows. Imports auth, audit and fraud.
 */

export { staffReviewRoutes } from "./staff-review.routes";
export { decideOnce, type ReviewedItem } from "./staff-review.service";

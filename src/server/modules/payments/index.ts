/**
 * Money: business plans and Anigye+ paid by mobile money (manual MoMo verified by an admin, or a Paystack
 * charge confirmed by its signed webhook), the paid periods they grant, and the jobs that end them.
 */
export { resetMonthlyAllocations, runBillingSweep, sendRenewalReminders } from "./billing-jobs";
export { paymentsRoutes } from "./payments.routes";
export { paymentFigures } from "./payments-overview.read-model";

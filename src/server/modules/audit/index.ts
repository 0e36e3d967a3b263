/** The append-only audit log of admin and staff actions. Owns audit_log; imports no other module. */
export { findLatestAudit, listAudit, recordAudit } from "./audit.service";

/** The append-only audit log of admin and staff actions. Owns audit_log; imports no other module. */
export { type AuditRecord, findLatestAudit, listAudit, recordAudit } from "./audit.service";

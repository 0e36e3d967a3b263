-- docs/product-rules.md#kept-sessions-writes: every instance hears which business changed (its account, its
-- counter staff, one of its sessions), so it may keep a business or counter session between changes for
-- writes too, as it does a member's. The payload is "company:<id>"; a member's change stays the member's bare
-- id (0016).
CREATE OR REPLACE FUNCTION anigye_notify_company_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('anigye_member_changed', 'company:' || (coalesce(to_jsonb(NEW), to_jsonb(OLD)) ->> TG_ARGV[0]));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER companies_business_changed AFTER UPDATE OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION anigye_notify_company_changed('id');
--> statement-breakpoint
CREATE TRIGGER company_staff_business_changed AFTER UPDATE OR DELETE ON company_staff
  FOR EACH ROW EXECUTE FUNCTION anigye_notify_company_changed('company_id');
--> statement-breakpoint
CREATE TRIGGER sessions_business_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW WHEN (OLD.company_id IS NOT NULL) EXECUTE FUNCTION anigye_notify_company_changed('company_id');

-- docs/product-rules.md#kept-sessions-writes: every app instance hears which members changed, whoever wrote
-- (another instance, a job), so it may keep a member's session and watched ads in memory between changes. The
-- payload is the member's id.
CREATE OR REPLACE FUNCTION anigye_notify_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('anigye_member_changed', coalesce(to_jsonb(NEW), to_jsonb(OLD)) ->> TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_member_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION anigye_notify_member_changed('id');
--> statement-breakpoint
CREATE TRIGGER sessions_member_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW WHEN (OLD.user_id IS NOT NULL) EXECUTE FUNCTION anigye_notify_member_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER watch_progress_member_changed AFTER INSERT OR UPDATE OF completed ON watch_progress
  FOR EACH ROW WHEN (NEW.completed) EXECUTE FUNCTION anigye_notify_member_changed('user_id');

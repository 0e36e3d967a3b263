-- docs/product-rules.md#kept-sessions-writes: a kept counter session knows the branch its work is recorded at
-- (docs/product-rules.md#counter-branch-of-a-scan), which follows the business's branches: a branch added,
-- changed or removed drops the business's kept sessions on every instance.
CREATE TRIGGER company_branches_business_changed AFTER INSERT OR UPDATE OR DELETE ON company_branches
  FOR EACH ROW EXECUTE FUNCTION anigye_notify_company_changed('company_id');

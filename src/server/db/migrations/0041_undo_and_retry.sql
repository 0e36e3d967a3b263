-- docs/product-rules.md#hot-writes-one-statement: a hot write that commits on its own (one statement, no
-- transaction around it) calls this when it finds a row it read has moved since: the error undoes every row
-- the statement wrote, and the app runs the write again from a fresh read, as after a serialization failure.
CREATE OR REPLACE FUNCTION anigye_undo_and_retry(reason text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'undone, to run again: %', reason USING ERRCODE = '40001';
END $$;

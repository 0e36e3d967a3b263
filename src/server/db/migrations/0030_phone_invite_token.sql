ALTER TABLE "phone_invites" ADD COLUMN "token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "phone_invites_token_hash_idx" ON "phone_invites" USING btree ("token_hash");
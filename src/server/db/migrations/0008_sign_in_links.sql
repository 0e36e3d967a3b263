ALTER TABLE "email_tokens" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "phone_number" varchar(15);--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_has_recipient" CHECK ("email_tokens"."email" is not null or "email_tokens"."phone_number" is not null);
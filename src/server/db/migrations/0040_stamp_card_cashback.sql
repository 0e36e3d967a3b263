ALTER TABLE "loyalty_cards" ADD COLUMN "cashback_pesewas" integer;--> statement-breakpoint
ALTER TABLE "loyalty_programs" ADD COLUMN "reward_cashback_pesewas" integer;--> statement-breakpoint
ALTER TABLE "money_transfers" ADD COLUMN "loyalty_card_id" integer;--> statement-breakpoint
ALTER TABLE "loyalty_programs" ADD CONSTRAINT "loyalty_programs_reward_cashback_positive" CHECK ("loyalty_programs"."reward_cashback_pesewas" > 0);
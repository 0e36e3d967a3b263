CREATE TABLE "ussd_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ussd_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"session_id" text NOT NULL,
	"phone_number" varchar(15) NOT NULL,
	"language" text,
	"state" jsonb NOT NULL,
	"last_request_key" text NOT NULL,
	"last_answer" jsonb NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ussd_sessions_session_id_length" CHECK (length("ussd_sessions"."session_id") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "qr_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "ussd_sessions_provider_session_key" ON "ussd_sessions" USING btree ("provider","session_id");
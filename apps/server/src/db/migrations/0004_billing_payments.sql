CREATE TABLE "renewal_reminder" (
	"member_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renewal_reminder_member_id_expires_at_pk" PRIMARY KEY("member_id","expires_at")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment" (
	"ref" text PRIMARY KEY NOT NULL,
	"tno" text NOT NULL,
	"way" text NOT NULL,
	"grade" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"auto_renew" boolean NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_id" text,
	"subscription_id" text,
	"subscription_canceled" boolean DEFAULT false NOT NULL,
	"renewals" integer DEFAULT 0 NOT NULL,
	"return_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "provider_subscription_id" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "renewal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_event" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "way" text NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "amount" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "currency" text NOT NULL;--> statement-breakpoint
ALTER TABLE "renewal_reminder" ADD CONSTRAINT "renewal_reminder_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_provider_ref_idx" ON "order" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_manual_idx" ON "subscription" USING btree ("member_id","provider","way") WHERE provider_subscription_id IS NULL;
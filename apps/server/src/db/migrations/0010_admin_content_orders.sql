ALTER TABLE "article" ADD COLUMN "unpublished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "resolved_by" integer;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "resolved_by_email" text;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_resolved_by_member_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;
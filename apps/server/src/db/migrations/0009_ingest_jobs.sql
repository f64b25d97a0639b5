CREATE TABLE "job" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"failed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "preview" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "preview" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "preview" ADD COLUMN "colors" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "preview" ADD COLUMN "blurhash" text;--> statement-breakpoint
CREATE INDEX "job_due_idx" ON "job" USING btree ("run_at","id") WHERE NOT done;--> statement-breakpoint
CREATE INDEX "job_kind_idx" ON "job" USING btree ("kind","done");--> statement-breakpoint
CREATE UNIQUE INDEX "item_key_idx" ON "item" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "preview_item_hash_idx" ON "preview" USING btree ("item_id","content_hash");
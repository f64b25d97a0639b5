CREATE TABLE "portfolio_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_request" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"link" text,
	"pdf_id" integer,
	"role" text NOT NULL,
	"level" text NOT NULL,
	"questions" text NOT NULL,
	"locale" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"reviewer_id" integer,
	"assigned_at" timestamp with time zone,
	"answer_html" text,
	"call_link" text,
	"answered_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"rating" smallint,
	"rating_comment" text,
	"rated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviewer" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"company" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"languages" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "portfolio_file" ADD CONSTRAINT "portfolio_file_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_request" ADD CONSTRAINT "portfolio_request_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_request" ADD CONSTRAINT "portfolio_request_pdf_id_portfolio_file_id_fk" FOREIGN KEY ("pdf_id") REFERENCES "public"."portfolio_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_request" ADD CONSTRAINT "portfolio_request_reviewer_id_reviewer_member_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."reviewer"("member_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer" ADD CONSTRAINT "reviewer_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_file_key_idx" ON "portfolio_file" USING btree ("key");--> statement-breakpoint
CREATE INDEX "portfolio_file_member_idx" ON "portfolio_file" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "portfolio_request_member_idx" ON "portfolio_request" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "portfolio_request_reviewer_idx" ON "portfolio_request" USING btree ("reviewer_id","state");--> statement-breakpoint
CREATE INDEX "portfolio_request_state_idx" ON "portfolio_request" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_request_pdf_idx" ON "portfolio_request" USING btree ("pdf_id");
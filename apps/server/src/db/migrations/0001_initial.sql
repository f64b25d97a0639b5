CREATE TABLE "article" (
	"id" serial PRIMARY KEY NOT NULL,
	"preview" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_translation" (
	"article_id" integer NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	CONSTRAINT "article_translation_article_id_locale_pk" PRIMARY KEY("article_id","locale")
);
--> statement-breakpoint
CREATE TABLE "category" (
	"id" serial PRIMARY KEY NOT NULL,
	"pre_id" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"name_en" text NOT NULL,
	"name_cn" text NOT NULL,
	"name_tw" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collect" (
	"member_id" integer NOT NULL,
	"preview_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collect_member_id_preview_id_pk" PRIMARY KEY("member_id","preview_id")
);
--> statement-breakpoint
CREATE TABLE "item" (
	"id" serial PRIMARY KEY NOT NULL,
	"is_site" boolean NOT NULL,
	"name" text NOT NULL,
	"logo" text NOT NULL,
	"briefing" text DEFAULT '' NOT NULL,
	"site" text DEFAULT '' NOT NULL,
	"rating" double precision DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hot_score" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_activity" (
	"item_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"collects" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "item_activity_item_id_day_pk" PRIMARY KEY("item_id","day")
);
--> statement-breakpoint
CREATE TABLE "item_category" (
	"item_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "item_category_item_id_category_id_pk" PRIMARY KEY("item_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "login_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"nickname" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"vip_expires_at" timestamp with time zone,
	"google_sub" text,
	"locale" text DEFAULT 'enUS' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_state" (
	"state" text PRIMARY KEY NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"member_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order" (
	"id" serial PRIMARY KEY NOT NULL,
	"tno" text NOT NULL,
	"member_id" integer NOT NULL,
	"grade" integer NOT NULL,
	"way" text NOT NULL,
	"provider" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"provider_ref" text,
	"provider_payment_id" text,
	"paid_at" timestamp with time zone,
	"review_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"tno" text,
	"payload" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan" (
	"grade" integer PRIMARY KEY NOT NULL,
	"period_months" integer NOT NULL,
	"money" integer NOT NULL,
	"usd_money" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preview" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"path" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"category_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text,
	"grade" integer NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_end" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_translation" ADD CONSTRAINT "article_translation_article_id_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."article"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collect" ADD CONSTRAINT "collect_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collect" ADD CONSTRAINT "collect_preview_id_preview_id_fk" FOREIGN KEY ("preview_id") REFERENCES "public"."preview"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_activity" ADD CONSTRAINT "item_activity_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_category" ADD CONSTRAINT "item_category_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_category" ADD CONSTRAINT "item_category_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_state" ADD CONSTRAINT "oauth_state_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_grade_plan_grade_fk" FOREIGN KEY ("grade") REFERENCES "public"."plan"("grade") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview" ADD CONSTRAINT "preview_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview" ADD CONSTRAINT "preview_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_grade_plan_grade_fk" FOREIGN KEY ("grade") REFERENCES "public"."plan"("grade") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_pre_idx" ON "category" USING btree ("pre_id","sort");--> statement-breakpoint
CREATE INDEX "collect_member_idx" ON "collect" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "item_news_idx" ON "item" USING btree ("is_site","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "item_hot_idx" ON "item" USING btree ("is_site","hot_score" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "item_name_trgm_idx" ON "item" USING gin (lower("name" || ' ' || "briefing") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "item_category_cat_idx" ON "item_category" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "login_code_email_idx" ON "login_code" USING btree (lower("email"),"created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_email_lower_idx" ON "member" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "member_google_sub_idx" ON "member" USING btree ("google_sub");--> statement-breakpoint
CREATE UNIQUE INDEX "order_tno_idx" ON "order" USING btree ("tno");--> statement-breakpoint
CREATE UNIQUE INDEX "order_provider_payment_idx" ON "order" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "order_member_idx" ON "order" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "order_unpaid_idx" ON "order" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_event_provider_event_idx" ON "payment_event" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "preview_item_idx" ON "preview" USING btree ("item_id","sort","id");--> statement-breakpoint
CREATE INDEX "preview_cat_idx" ON "preview" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_token_hash_idx" ON "session" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "session_member_idx" ON "session" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_provider_ref_idx" ON "subscription" USING btree ("provider","provider_subscription_id");--> statement-breakpoint
CREATE INDEX "subscription_member_idx" ON "subscription" USING btree ("member_id");
CREATE TABLE "testimonial" (
	"id" serial PRIMARY KEY NOT NULL,
	"locale" text NOT NULL,
	"quote" text NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"sort" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "testimonial_locale_sort_idx" ON "testimonial" USING btree ("locale","sort");
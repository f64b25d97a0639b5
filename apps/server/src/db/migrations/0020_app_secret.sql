CREATE TABLE "app_secret" (
	"id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_secret_one_row" CHECK ("app_secret"."id" = 1)
);

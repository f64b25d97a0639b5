CREATE TABLE "board" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"share_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Before the entries' keys that point at it (moved by hand: a foreign key needs its unique index first).
CREATE UNIQUE INDEX "board_id_member_idx" ON "board" USING btree ("id","member_id");--> statement-breakpoint
CREATE TABLE "board_flow" (
	"board_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"flow_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_flow_board_id_flow_id_pk" PRIMARY KEY("board_id","flow_id")
);
--> statement-breakpoint
CREATE TABLE "board_screen" (
	"board_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"preview_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_screen_board_id_preview_id_pk" PRIMARY KEY("board_id","preview_id")
);
--> statement-breakpoint
ALTER TABLE "board" ADD CONSTRAINT "board_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_flow" ADD CONSTRAINT "board_flow_board_fk" FOREIGN KEY ("board_id","member_id") REFERENCES "public"."board"("id","member_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_flow" ADD CONSTRAINT "board_flow_collect_fk" FOREIGN KEY ("member_id","flow_id") REFERENCES "public"."collect_flow"("member_id","flow_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_screen" ADD CONSTRAINT "board_screen_board_fk" FOREIGN KEY ("board_id","member_id") REFERENCES "public"."board"("id","member_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_screen" ADD CONSTRAINT "board_screen_collect_fk" FOREIGN KEY ("member_id","preview_id") REFERENCES "public"."collect"("member_id","preview_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_member_idx" ON "board" USING btree ("member_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "board_share_token_idx" ON "board" USING btree ("share_token");--> statement-breakpoint
CREATE INDEX "board_flow_board_idx" ON "board_flow" USING btree ("board_id","created_at");--> statement-breakpoint
CREATE INDEX "board_flow_collect_idx" ON "board_flow" USING btree ("member_id","flow_id");--> statement-breakpoint
CREATE INDEX "board_screen_board_idx" ON "board_screen" USING btree ("board_id","created_at");--> statement-breakpoint
CREATE INDEX "board_screen_collect_idx" ON "board_screen" USING btree ("member_id","preview_id");
CREATE TABLE "game_spins" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"client_key" text NOT NULL,
	"prize" text,
	"reels" text NOT NULL,
	"coupon_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_spins" ADD CONSTRAINT "game_spins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_spins" ADD CONSTRAINT "game_spins_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_spins_user_day_unique" ON "game_spins" USING btree ("user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "game_spins_user_key_unique" ON "game_spins" USING btree ("user_id","client_key");
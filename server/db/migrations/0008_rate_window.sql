CREATE TABLE "rate_window" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_window_start_idx" ON "rate_window" USING btree ("window_start");
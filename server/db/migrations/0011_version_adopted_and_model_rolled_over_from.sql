ALTER TABLE "model" ADD COLUMN "rolled_over_from_model_id" integer;--> statement-breakpoint
ALTER TABLE "version_model" ADD COLUMN "adopted_on" date;--> statement-breakpoint
ALTER TABLE "version_model" ADD COLUMN "adopted_note" text;--> statement-breakpoint
ALTER TABLE "version_model" ADD COLUMN "adopted_by" integer;--> statement-breakpoint
ALTER TABLE "version_model" ADD COLUMN "adopted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "model" ADD CONSTRAINT "model_rolled_over_from_model_id_model_id_fk" FOREIGN KEY ("rolled_over_from_model_id") REFERENCES "public"."model"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_model" ADD CONSTRAINT "version_model_adopted_by_app_user_id_fk" FOREIGN KEY ("adopted_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;
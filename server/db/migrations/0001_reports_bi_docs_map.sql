CREATE TABLE "documentation" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"documentation_type" text NOT NULL,
	"file_id" integer,
	"video_url" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"shipped_key" text,
	"shipped_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_result" (
	"model_id" integer PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"data_version" integer NOT NULL,
	"saved_model_id" integer,
	"computed_at" timestamp with time zone NOT NULL,
	"results" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bi_link" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_accessed_at" timestamp with time zone,
	"last_ip" text,
	"password_hash" text,
	"password_expires_at" timestamp with time zone,
	"pull_window_start" timestamp with time zone,
	"pull_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bi_link_model" (
	"link_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "bi_link_model_link_id_model_id_pk" PRIMARY KEY("link_id","model_id")
);
--> statement-breakpoint
CREATE TABLE "oauth_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"viewer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"viewer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"code_id" integer NOT NULL,
	"access_token_hash" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_token_hash" text NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_viewer" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"oauth_client_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"base_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "client_region" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"geometry" jsonb NOT NULL,
	"area_m2" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "subregion_outline" (
	"subregion_id" integer PRIMARY KEY NOT NULL,
	"geometry" jsonb NOT NULL,
	"area_m2" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "documentation" ADD CONSTRAINT "documentation_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentation" ADD CONSTRAINT "documentation_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentation" ADD CONSTRAINT "documentation_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_result" ADD CONSTRAINT "model_result_model_id_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."model"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_result" ADD CONSTRAINT "model_result_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_result" ADD CONSTRAINT "model_result_saved_model_id_saved_model_id_fk" FOREIGN KEY ("saved_model_id") REFERENCES "public"."saved_model"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bi_link" ADD CONSTRAINT "bi_link_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bi_link" ADD CONSTRAINT "bi_link_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bi_link_model" ADD CONSTRAINT "bi_link_model_link_id_bi_link_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."bi_link"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bi_link_model" ADD CONSTRAINT "bi_link_model_model_id_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."model"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_code" ADD CONSTRAINT "oauth_code_viewer_id_oauth_viewer_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."oauth_viewer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_code" ADD CONSTRAINT "oauth_code_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_token" ADD CONSTRAINT "oauth_token_viewer_id_oauth_viewer_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."oauth_viewer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_token" ADD CONSTRAINT "oauth_token_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_token" ADD CONSTRAINT "oauth_token_code_id_oauth_code_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."oauth_code"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_viewer" ADD CONSTRAINT "oauth_viewer_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_viewer" ADD CONSTRAINT "oauth_viewer_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_region" ADD CONSTRAINT "client_region_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_region" ADD CONSTRAINT "client_region_updated_by_app_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subregion_outline" ADD CONSTRAINT "subregion_outline_subregion_id_subregion_id_fk" FOREIGN KEY ("subregion_id") REFERENCES "public"."subregion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subregion_outline" ADD CONSTRAINT "subregion_outline_updated_by_app_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documentation_client_idx" ON "documentation" USING btree ("client_id","documentation_type","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "bi_link_uuid_key" ON "bi_link" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "bi_link_user_idx" ON "bi_link" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bi_link_model_model_idx" ON "bi_link_model" USING btree ("model_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_code_hash_key" ON "oauth_code" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "oauth_code_viewer_idx" ON "oauth_code" USING btree ("viewer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_token_access_key" ON "oauth_token" USING btree ("access_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_token_refresh_key" ON "oauth_token" USING btree ("refresh_token_hash");--> statement-breakpoint
CREATE INDEX "oauth_token_code_idx" ON "oauth_token" USING btree ("code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_viewer_client_key" ON "oauth_viewer" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_viewer_oauth_client_key" ON "oauth_viewer" USING btree ("oauth_client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "template_report_client_name_key" ON "template_report" USING btree ("client_id",lower("name"));--> statement-breakpoint
ALTER TABLE "client" DROP COLUMN "outline_uri";--> statement-breakpoint
ALTER TABLE "client" DROP COLUMN "viewer_uri";--> statement-breakpoint
ALTER TABLE "subregion" DROP COLUMN "outline_uri";--> statement-breakpoint
ALTER TABLE "version_model" DROP COLUMN "outline_uri";--> statement-breakpoint
ALTER TABLE "version_model" DROP COLUMN "editor_uri";--> statement-breakpoint
ALTER TABLE "version_model" DROP COLUMN "viewer_uri";--> statement-breakpoint
-- The placeholder report templates of the first seed had no workbook and could never be reported on; the
-- shipped templates (ensureReportTemplates) take their place.
DELETE FROM "template_report" WHERE "file_id" IS NULL AND "name" IN ('Overzicht grondexploitaties', 'Vergelijking twee versies');

CREATE TABLE "app_secret" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"role" text DEFAULT 'NON' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_staff" boolean DEFAULT false NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"mfa_forced" boolean DEFAULT false NOT NULL,
	"mfa_verified" boolean DEFAULT false NOT NULL,
	"mfa_secret" text,
	"mfa_last_step" integer,
	"password_hash" text,
	"password_changed_at" timestamp with time zone,
	"password_reset_required" boolean DEFAULT false NOT NULL,
	"terms_conditions_accepted" text,
	"last_login" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer,
	"user_id" integer,
	"user_name_full" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"ipaddress" text DEFAULT '' NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_attachment" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"outline_uri" text,
	"viewer_uri" text,
	"saml_entry_point" text,
	"saml_idp_cert" text,
	"saml_metadata_url" text,
	"saml_issuer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempt" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"success" boolean NOT NULL,
	"kind" text DEFAULT 'login' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parameter_application" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer,
	"parameters" jsonb NOT NULL,
	"model_ids" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"mfa_token_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phase" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"family" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text DEFAULT 'application/octet-stream' NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subregion" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"description" text NOT NULL,
	"outline_uri" text
);
--> statement-breakpoint
CREATE TABLE "template_model" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"file_id" integer
);
--> statement-breakpoint
CREATE TABLE "template_report" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"n_models_min" integer DEFAULT 1 NOT NULL,
	"n_models_max" integer DEFAULT 100 NOT NULL,
	"file_id" integer
);
--> statement-breakpoint
CREATE TABLE "type_project" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"description" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_subregion" (
	"user_id" integer NOT NULL,
	"subregion_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_template_report" (
	"user_id" integer NOT NULL,
	"template_report_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attachment" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"attachment_type" text NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"url_link" text,
	"file_id" integer,
	"timestamp_upload" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type_model_id" integer,
	"model_platform" text DEFAULT 'online' NOT NULL,
	"frozen" boolean DEFAULT false NOT NULL,
	"model_data" jsonb,
	"data_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"timestamp_last_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" integer
);
--> statement-breakpoint
CREATE TABLE "model_session" (
	"model_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lock_token" text,
	"lock_owner" text,
	"lock_expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "project" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" text,
	"description" text,
	"organisation" text,
	"projectmanager" text,
	"subregion_id" integer NOT NULL,
	"type_project_id" integer NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"timestamp_last_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" integer
);
--> statement-breakpoint
CREATE TABLE "project_role" (
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "project_role_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "saved_model" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"file_id" integer NOT NULL,
	"filename_orig" text NOT NULL,
	"filesize" integer NOT NULL,
	"timestamp_save" timestamp with time zone DEFAULT now() NOT NULL,
	"user_save" integer
);
--> statement-breakpoint
CREATE TABLE "version_model" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"phase_id" integer,
	"outline_uri" text,
	"editor_uri" text,
	"viewer_uri" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"timestamp_last_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" integer
);
--> statement-breakpoint
CREATE TABLE "data_revision" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "edit_link" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"client_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"filename" text NOT NULL,
	"file_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_area" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"name" text NOT NULL,
	"function" text NOT NULL,
	"geometry" jsonb NOT NULL,
	"area_m2" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"model_id" integer,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress_text" text DEFAULT 'In de wachtrij' NOT NULL,
	"progress_pct" integer DEFAULT 0 NOT NULL,
	"error" text,
	"mapviewer_error" text,
	"result_file_id" integer,
	"file_uuid" uuid,
	"result_filename" text,
	"result" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "version_region" (
	"version_id" integer PRIMARY KEY NOT NULL,
	"geometry" jsonb NOT NULL,
	"area_m2" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_attachment" ADD CONSTRAINT "category_attachment_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parameter_application" ADD CONSTRAINT "parameter_application_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parameter_application" ADD CONSTRAINT "parameter_application_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_token" ADD CONSTRAINT "password_reset_token_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phase" ADD CONSTRAINT "phase_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subregion" ADD CONSTRAINT "subregion_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_model" ADD CONSTRAINT "template_model_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_model" ADD CONSTRAINT "template_model_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_report" ADD CONSTRAINT "template_report_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_report" ADD CONSTRAINT "template_report_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "type_project" ADD CONSTRAINT "type_project_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subregion" ADD CONSTRAINT "user_subregion_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subregion" ADD CONSTRAINT "user_subregion_subregion_id_subregion_id_fk" FOREIGN KEY ("subregion_id") REFERENCES "public"."subregion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_template_report" ADD CONSTRAINT "user_template_report_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_template_report" ADD CONSTRAINT "user_template_report_template_report_id_template_report_id_fk" FOREIGN KEY ("template_report_id") REFERENCES "public"."template_report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment" ADD CONSTRAINT "attachment_version_id_version_model_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."version_model"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment" ADD CONSTRAINT "attachment_category_id_category_attachment_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category_attachment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment" ADD CONSTRAINT "attachment_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model" ADD CONSTRAINT "model_version_id_version_model_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."version_model"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model" ADD CONSTRAINT "model_type_model_id_template_model_id_fk" FOREIGN KEY ("type_model_id") REFERENCES "public"."template_model"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model" ADD CONSTRAINT "model_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model" ADD CONSTRAINT "model_last_modified_by_app_user_id_fk" FOREIGN KEY ("last_modified_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_session" ADD CONSTRAINT "model_session_model_id_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."model"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_session" ADD CONSTRAINT "model_session_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_subregion_id_subregion_id_fk" FOREIGN KEY ("subregion_id") REFERENCES "public"."subregion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_type_project_id_type_project_id_fk" FOREIGN KEY ("type_project_id") REFERENCES "public"."type_project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_last_modified_by_app_user_id_fk" FOREIGN KEY ("last_modified_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_role" ADD CONSTRAINT "project_role_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_role" ADD CONSTRAINT "project_role_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_model" ADD CONSTRAINT "saved_model_model_id_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."model"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_model" ADD CONSTRAINT "saved_model_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_model" ADD CONSTRAINT "saved_model_user_save_app_user_id_fk" FOREIGN KEY ("user_save") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_model" ADD CONSTRAINT "version_model_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_model" ADD CONSTRAINT "version_model_phase_id_phase_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."phase"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_model" ADD CONSTRAINT "version_model_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_model" ADD CONSTRAINT "version_model_last_modified_by_app_user_id_fk" FOREIGN KEY ("last_modified_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_revision" ADD CONSTRAINT "data_revision_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edit_link" ADD CONSTRAINT "edit_link_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edit_link" ADD CONSTRAINT "edit_link_model_id_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."model"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edit_link" ADD CONSTRAINT "edit_link_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edit_link" ADD CONSTRAINT "edit_link_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_area" ADD CONSTRAINT "feature_area_version_id_version_model_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."version_model"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job" ADD CONSTRAINT "job_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job" ADD CONSTRAINT "job_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job" ADD CONSTRAINT "job_model_id_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."model"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job" ADD CONSTRAINT "job_result_file_id_stored_file_id_fk" FOREIGN KEY ("result_file_id") REFERENCES "public"."stored_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_region" ADD CONSTRAINT "version_region_version_id_version_model_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."version_model"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_region" ADD CONSTRAINT "version_region_updated_by_app_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_email_key" ON "app_user" USING btree ("email");--> statement-breakpoint
CREATE INDEX "app_user_client_idx" ON "app_user" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "audit_log_client_time_idx" ON "audit_log" USING btree ("client_id","timestamp");--> statement-breakpoint
CREATE UNIQUE INDEX "category_attachment_client_name_key" ON "category_attachment" USING btree ("client_id",lower("name"));--> statement-breakpoint
CREATE INDEX "login_attempt_email_idx" ON "login_attempt" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "login_attempt_ip_idx" ON "login_attempt" USING btree ("ip","at");--> statement-breakpoint
CREATE UNIQUE INDEX "phase_client_description_key" ON "phase" USING btree ("client_id",lower("description"));--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_token_hash_key" ON "refresh_token" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_token_user_idx" ON "refresh_token" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subregion_client_description_key" ON "subregion" USING btree ("client_id",lower("description"));--> statement-breakpoint
CREATE UNIQUE INDEX "template_model_client_name_key" ON "template_model" USING btree ("client_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "type_project_client_description_key" ON "type_project" USING btree ("client_id",lower("description"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_subregion_key" ON "user_subregion" USING btree ("user_id","subregion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_template_report_key" ON "user_template_report" USING btree ("user_id","template_report_id");--> statement-breakpoint
CREATE INDEX "attachment_version_idx" ON "attachment" USING btree ("version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "model_version_name_key" ON "model" USING btree ("version_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "project_client_name_key" ON "project" USING btree ("client_id",lower("name"));--> statement-breakpoint
CREATE INDEX "project_client_modified_idx" ON "project" USING btree ("client_id","timestamp_last_modified");--> statement-breakpoint
CREATE INDEX "project_role_user_idx" ON "project_role" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saved_model_model_idx" ON "saved_model" USING btree ("model_id");--> statement-breakpoint
CREATE UNIQUE INDEX "version_model_project_name_key" ON "version_model" USING btree ("project_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "edit_link_token_key" ON "edit_link" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "feature_area_version_idx" ON "feature_area" USING btree ("version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_file_uuid_key" ON "job" USING btree ("file_uuid");--> statement-breakpoint
CREATE INDEX "job_user_idx" ON "job" USING btree ("user_id");
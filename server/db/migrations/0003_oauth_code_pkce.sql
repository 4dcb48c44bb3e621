ALTER TABLE "oauth_code" ADD COLUMN "code_challenge" text;--> statement-breakpoint
ALTER TABLE "oauth_code" ADD COLUMN "code_challenge_method" text;
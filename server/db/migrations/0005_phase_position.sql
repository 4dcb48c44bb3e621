ALTER TABLE "phase" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing phases keep the order in which they were made (the first start's Initiatief … Afsluiting).
UPDATE "phase" SET "position" = r.n FROM (SELECT id, row_number() OVER (PARTITION BY client_id ORDER BY id) AS n FROM "phase") r WHERE "phase"."id" = r.id;

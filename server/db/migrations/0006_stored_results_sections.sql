-- Stored results gain the section columns (issue 24 item 9: revenue per section, costs per category).
-- The stored rows are a cache of what the engine computes per save: the rows of before lack the new
-- columns, so they go, and each model's results are computed again by its next reader or save.
DELETE FROM "model_result";

-- A slide can be switched off (kept with its image and place, not shown by the player app) and on again,
-- so a seasonal picture need not be uploaded afresh next season.
ALTER TABLE slider_images ADD COLUMN active boolean NOT NULL DEFAULT true;

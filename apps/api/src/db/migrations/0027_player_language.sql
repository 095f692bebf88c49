-- The language a player chose in the app (issue 17): the server writes their SMS codes in it. English for every
-- account made before the choice existed, as the app was then.
ALTER TABLE players ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'hi'));

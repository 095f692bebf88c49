-- Operator-written content in Hindi beside the English (issue 32 item 19): the player app shows the Hindi text to a
-- player reading Hindi and falls back to the English one while the Hindi is empty.
ALTER TABLE headlines ADD COLUMN notes_hi text NOT NULL DEFAULT '';
ALTER TABLE slider_images ADD COLUMN title_hi text NOT NULL DEFAULT '';

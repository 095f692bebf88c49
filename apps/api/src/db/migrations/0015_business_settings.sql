-- Content and payment settings become owner settings (issue 15): one row per field under the field's name, as
-- the owner settings already are, instead of a few grouped JSON values. Existing values move over unchanged.

INSERT INTO settings (key, value, updated_at)
SELECT m.new_key, s.value #> m.path, s.updated_at
  FROM settings s
  JOIN (VALUES
    ('contacts', '{mobile_no}'::text[], 'contact_phone'),
    ('contacts', '{mobile_1}', 'contact_phone_2'),
    ('contacts', '{whatsapp_no}', 'contact_whatsapp'),
    ('contacts', '{telegram_no}', 'contact_telegram'),
    ('rules', '{deposit_rule}', 'deposit_rule'),
    ('rules', '{withdrawal_rule}', 'withdrawal_rule'),
    ('how_to_play', '{content}', 'how_to_play_text'),
    ('how_to_play', '{video_link}', 'how_to_play_video'),
    ('withdraw', '{min_withdrawal}', 'min_withdrawal'),
    ('withdraw', '{open_time}', 'withdrawal_open'),
    ('withdraw', '{close_time}', 'withdrawal_close'),
    ('deposit', '{min_amt}', 'min_deposit'),
    ('app', '{apk_url}', 'app_download_url'),
    ('app', '{privacy_policy}', 'privacy_policy'),
    ('payments', '{bank_details,google_upi_payment_id}', 'upi_gpay'),
    ('payments', '{bank_details,phonepay_upi_payment_id}', 'upi_phonepe'),
    ('payments', '{bank_details,paytm_upi_payment_id}', 'upi_paytm'),
    ('payments', '{bank_details,upi_payment_id}', 'upi_other'),
    ('payments', '{qr,upi_id}', 'qr_upi_id'),
    ('payments', '{qr,payee_name}', 'qr_payee_name')
  ) AS m (old_key, path, new_key) ON s.key = m.old_key
 WHERE s.value #> m.path IS NOT NULL
ON CONFLICT (key) DO NOTHING;

-- The legacy gateway flag was the text "1" for on.
INSERT INTO settings (key, value, updated_at)
SELECT 'payment_gateway', to_jsonb(value ->> 'getaway_status' = '1'), updated_at
  FROM settings WHERE key = 'deposit' AND value ? 'getaway_status'
ON CONFLICT (key) DO NOTHING;

DELETE FROM settings WHERE key IN ('contacts', 'rules', 'how_to_play', 'withdraw', 'deposit', 'app', 'payments');

-- The transfer minimum is the owner setting transfer_min now (at least 1 point), no longer a fixed 100 points.
ALTER TABLE transfers DROP CONSTRAINT transfers_amount_check;
ALTER TABLE transfers ADD CONSTRAINT transfers_amount_check CHECK (amount >= 100);

-- Amounts become integer minor units of each currency's ISO 4217 exponent. JPY and KRW have no
-- minor unit: their prices were stored as hundredths of a yen or won and are now whole yen/won.
UPDATE "materials" SET "price_cents" = round("price_cents" / 100.0), "sale_price_cents" = round("sale_price_cents" / 100.0) WHERE "currency" IN ('JPY', 'KRW');

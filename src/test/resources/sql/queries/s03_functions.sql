SELECT item, COALESCE(CAST(NULL AS STRING), item) AS first_set, CONCAT(item, '-', UPPER(item)) AS joined, COALESCE(CASE WHEN price > 5 THEN price END, 0) AS big FROM bids WHERE price > 3

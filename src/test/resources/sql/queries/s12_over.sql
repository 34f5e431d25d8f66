SELECT item, bidtime, price,
  SUM(price) OVER (PARTITION BY item ORDER BY bidtime RANGE BETWEEN INTERVAL '10' MINUTE PRECEDING AND CURRENT ROW)
    AS last_ten_minutes
FROM bids

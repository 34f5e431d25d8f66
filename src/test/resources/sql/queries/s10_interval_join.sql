SELECT o.id, o.order_time, CAST(s.ship_time AS TIMESTAMP(3)) AS ship_time
FROM orders o JOIN shipments s
  ON o.id = s.order_id AND s.ship_time BETWEEN o.order_time AND o.order_time + INTERVAL '4' HOUR

SELECT o.id, CAST(o.order_time AS TIMESTAMP(3)) AS order_time, s.ship_time
FROM orders o, shipments s
WHERE o.id = s.order_id AND o.order_time BETWEEN s.ship_time - INTERVAL '4' HOUR AND s.ship_time

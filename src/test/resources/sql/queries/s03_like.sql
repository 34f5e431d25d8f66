SELECT item, price, item LIKE '%o_' AS like_o, item NOT LIKE 'h%' AS not_h, 'a_b' LIKE 'a!_b' ESCAPE '!' AS escaped, item LIKE 'H%' AS upper_h FROM bids WHERE item LIKE '%a%' OR item LIKE 's__e'

-- A screen's mean relative luminance (issue 29, decision 056): the Screens view's light/dark filter.
-- The ingest job reads it from the screen's pixels from now on. The pixels of screens ingested
-- before are not at hand in SQL, so they get the relative luminance (WCAG) of their most present
-- dominant colour, which for a screen is its background: on the demo's 1,539 screens it gives the
-- same light/dark side of SCREEN_DARK_BELOW (0.25) as the pixels' mean for all but one screen.
-- Screens without colours (none known yet) stay null until their job runs.
ALTER TABLE "preview" ADD COLUMN "luminance" real;--> statement-breakpoint
UPDATE preview AS p SET luminance = l.value
FROM (
  SELECT c.id, (0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b)::real AS value
  FROM (
    SELECT s.id,
      CASE WHEN s.r <= 0.04045 THEN s.r / 12.92 ELSE power((s.r + 0.055) / 1.055, 2.4) END AS r,
      CASE WHEN s.g <= 0.04045 THEN s.g / 12.92 ELSE power((s.g + 0.055) / 1.055, 2.4) END AS g,
      CASE WHEN s.b <= 0.04045 THEN s.b / 12.92 ELSE power((s.b + 0.055) / 1.055, 2.4) END AS b
    FROM (
      SELECT id,
        ('x' || substr(colors[1], 2, 2))::bit(8)::int / 255.0 AS r,
        ('x' || substr(colors[1], 4, 2))::bit(8)::int / 255.0 AS g,
        ('x' || substr(colors[1], 6, 2))::bit(8)::int / 255.0 AS b
      FROM preview
      WHERE colors[1] ~* '^#[0-9a-f]{6}$'
    ) AS s
  ) AS c
) AS l
WHERE p.id = l.id;

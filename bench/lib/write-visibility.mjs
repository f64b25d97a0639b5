// The last target: "A write (new screen, new item) shows in every cached reply within 1 s."
export const WRITE_VISIBILITY_TARGET_MS = 1000;

/**
 * How long after a catalogue write (a new item, a new screen of an item) the write shows in the
 * replies that may be cached: the list (News page 1 of its kind and its `total`), a search for its
 * name, its detail, its screens, and the banner figures (/platform/stats).
 *
 * TO FILL IN when the server has a way to write the catalogue (today only the seed writes, and the
 * server's catalogue caches are being reworked): make the write through that API with `session`,
 * note the time, then poll each of the replies above (a few ms apart) until every one shows it,
 * and return the slowest in ms. A write behind the API's back (SQL into the database) would not
 * be fair: the server can only be asked to see the writes it is told about.
 *
 * @param {{ origin: string, token: string }} _session the running server and a subscriber's token
 * @returns {Promise<{ ms: number | null, note: string }>} null ms = not measured
 */
export async function measureWriteVisibility(_session) {
  return { ms: null, note: 'n/a: the server has no catalogue write API yet' };
}

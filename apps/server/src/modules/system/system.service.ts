import type { Db } from '../../db/client';
import { pingDatabase } from './system.repo';

/** Whether the database answers (throws when it does not). */
export function checkDatabase(db: Db): Promise<void> {
  return pingDatabase(db);
}

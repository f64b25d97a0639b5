import path from 'node:path';
import type { Config } from '../config';
import { s3MediaStore } from './s3-media-store';
import { localMediaStore, type MediaStore } from './storage';

/**
 * The media store the configuration names: the S3 bucket when S3_BUCKET is set, else files in
 * DATA_DIR/media (docs/decisions/039-media-store-s3.md). Whoever opens it closes it, after the app.
 */
export function createMediaStore(config: Config): MediaStore {
  return config.s3 ? s3MediaStore(config.s3) : localMediaStore(path.join(config.dataDir, 'media'));
}

/** Where media are kept, for the start-up log: a folder, or a bucket and its server (never a credential). */
export function describeMediaStore(config: Config): string {
  if (!config.s3) return path.join(config.dataDir, 'media');
  return `S3 bucket ${config.s3.bucket} at ${config.s3.endpoint ? new URL(config.s3.endpoint).host : `AWS S3 ${config.s3.region}`}`;
}

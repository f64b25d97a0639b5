/** The few parts of @20minutes/s3rver (which ships no types) the tests use. */
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';

  export default class S3rver {
    constructor(options: { address?: string; port?: number; silent?: boolean; directory: string; resetOnClose?: boolean });
    /** Start listening; the address it listens on. */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

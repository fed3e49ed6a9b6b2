/** Next's own copy of the `compression` middleware (expressjs/compression). */
declare module 'next/dist/compiled/compression' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  function compression(options?: {
    threshold?: number | string;
    level?: number;
  }): (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  export default compression;
}

import 'server-only';
import { world } from 'next/root-params';

/** The `[world]` root param of the current page, or undefined outside world pages. */
export async function readWorldParam(): Promise<string | undefined> {
  try {
    return await world();
  } catch {
    return undefined;
  }
}

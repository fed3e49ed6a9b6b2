import { areaFirstWords } from '@/lib/routing/areas';
import { WORLD_CODES } from '@/lib/worlds/worlds';

// Next refuses a matcher source longer than 4,096 characters once it has added its own prefix
// and suffix (about 150); the words are spread over as many entries as that takes.
const MAX_ENTRY_LENGTH = 3_800;

/**
 * The proxy matcher entries for area pages: any world, then any first word of an area route in
 * any world's wording (or an internal area folder), then anything. Written into proxy.ts by
 * scripts/generate-proxy-matcher.ts.
 */
export function areaMatcherEntries(): string[] {
  const entry = (words: string[]) => `/:world(${WORLD_CODES.join('|')})/:area(${words.join('|')})/:rest*`;
  const entries: string[] = [];
  let chunk: string[] = [];
  for (const word of areaFirstWords()) {
    if (chunk.length > 0 && entry([...chunk, word]).length > MAX_ENTRY_LENGTH) {
      entries.push(entry(chunk));
      chunk = [];
    }
    chunk.push(word);
  }
  if (chunk.length > 0) entries.push(entry(chunk));
  return entries;
}

import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';

/**
 * The HTML of a server-rendered tree, async server components included (prerendering waits for
 * them; renderToStaticMarkup does not). React's `<!-- -->` separators between adjacent texts
 * are dropped: they are no part of what a reader sees, and a text split by one would slip past
 * a check that a private value is absent.
 */
export async function renderHtml(node: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node);
  let text = '';
  for await (const chunk of prelude) text += String(chunk);
  return text.replace(/<!-- -->/g, '');
}

/** A text as React writes it into HTML, to find a value in rendered markup. */
export function escapedHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

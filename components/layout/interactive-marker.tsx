'use client';

import { useEffect } from 'react';
import { INTERACTIVE_EVENT } from '@/lib/browser-session/interactive-event';

/**
 * Marks the document as interactive once React has hydrated it (`<html data-interactive>`):
 * scripts start after the first paint (lib/http/defer-scripts.ts), and browser tests wait for
 * this before they use client-side navigation. The page's loader hears it as an event and then
 * hands on a tap it held meanwhile.
 */
export function InteractiveMarker() {
  useEffect(() => {
    document.documentElement.setAttribute('data-interactive', '');
    document.dispatchEvent(new Event(INTERACTIVE_EVENT));
  }, []);
  return null;
}

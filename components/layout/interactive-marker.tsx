'use client';

import { useEffect } from 'react';

/**
 * Marks the document as interactive once React has hydrated it (`<html data-interactive>`):
 * scripts start after the first paint (lib/http/defer-scripts.ts), and browser tests wait for
 * this before they use client-side navigation.
 */
export function InteractiveMarker() {
  useEffect(() => {
    document.documentElement.setAttribute('data-interactive', '');
  }, []);
  return null;
}
